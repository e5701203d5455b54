import { Type } from '@sinclair/typebox';
import { closedObject, defineEvent, int, str } from './define';

/**
 * The linkifier event of the message service (Zulip 2.1's realm_filters event): the realm's
 * whole list after any change, each entry [pattern, url_format_string, id], sent to every active
 * user of the realm.
 */
export const RealmFiltersEvent = closedObject({
  type: Type.Literal('realm_filters'),
  realm_filters: Type.Array(Type.Tuple([str, str, int])),
  id: int,
});

export const linkifierEvents = {
  realm_filters: defineEvent(RealmFiltersEvent, { realmWide: true }),
};
