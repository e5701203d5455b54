import { Type } from '@sinclair/typebox';
import { bool, closedObject, defineEvent, eventObject, int, ints, str, strs, stringEnum } from './define';

/**
 * Events of user groups, alert words, custom profile fields and realm administration (settings
 * service), in Zulip 2.1's shapes (zerver/lib/actions.py): one schema per event type, a union
 * over its ops.
 */
export const UserGroupDict = closedObject({
  id: int,
  name: str,
  description: str,
  members: ints,
  direct_subgroup_ids: ints,
  is_system_group: bool,
});

export const ProfileFieldDict = closedObject({ id: int, name: str, type: int, hint: str, field_data: str, order: int });

export const UserGroupEvent = Type.Union([
  eventObject('user_group', { op: Type.Literal('add'), group: UserGroupDict }),
  eventObject('user_group', {
    op: Type.Literal('update'),
    group_id: int,
    data: Type.Object({ name: Type.Optional(str), description: Type.Optional(str) }, { minProperties: 1, additionalProperties: false }),
  }),
  eventObject('user_group', { op: stringEnum(['add_members', 'remove_members']), group_id: int, user_ids: ints }),
  eventObject('user_group', { op: Type.Literal('remove'), group_id: int }),
]);

export const AlertWordsEvent = eventObject('alert_words', { alert_words: strs });

export const CustomProfileFieldsEvent = eventObject('custom_profile_fields', {
  op: Type.Literal('add'),
  fields: Type.Array(ProfileFieldDict),
});

export const RealmEvent = Type.Union([
  eventObject('realm', { op: Type.Literal('update'), property: str, value: Type.Unknown() }),
  eventObject('realm', { op: Type.Literal('update_dict'), property: str, data: Type.Record(str, Type.Unknown(), { minProperties: 1 }) }),
  // The realm was deactivated: clients go back to the login page.
  eventObject('realm', { op: Type.Literal('deactivated'), realm_id: int }),
]);

export const groupsRealmEvents = {
  user_group: defineEvent(UserGroupEvent, { realmWide: true }),
  alert_words: defineEvent(AlertWordsEvent),
  custom_profile_fields: defineEvent(CustomProfileFieldsEvent, { realmWide: true }),
  realm: defineEvent(RealmEvent, { realmWide: true }),
};
