import { Type } from '@sinclair/typebox';
import { bool, closedObject, defineEvent, eventObject, int, nullableInt, nullableStr, str } from './define';

/**
 * Events of the settings service, in Zulip 2.1's shapes (behaviour notes 3.5, 3.8, 3.9;
 * zerver/lib/actions.py): one schema per event type, a union over its ops. Differences from
 * Zulip, on purpose: realm_bot events never carry `api_key` (keys are encrypted at rest and
 * events are not).
 */
const settingValue = Type.Union([bool, int, str]);

/** notify_created_user's person. */
export const AddedPerson = closedObject({
  email: str,
  user_id: int,
  is_admin: bool,
  is_owner: bool,
  role: int,
  avatar_version: int,
  delivery_email: Type.Union([str, Type.Null()]),
  full_name: str,
  avatar_url: str,
  timezone: str,
  date_joined: str,
  is_guest: bool,
  is_bot: bool,
  bot_type: Type.Optional(nullableInt),
  bot_owner_id: Type.Optional(nullableInt),
  profile_data: Type.Optional(Type.Record(str, Type.Unknown())),
});

/** One changed property per update, with user_id (and email for most). */
export const UpdatedPerson = Type.Object(
  {
    user_id: int,
    email: Type.Optional(str),
    full_name: Type.Optional(str),
    is_admin: Type.Optional(bool),
    is_guest: Type.Optional(bool),
    role: Type.Optional(int),
    avatar_version: Type.Optional(int),
    timezone: Type.Optional(str),
    bot_owner_id: Type.Optional(nullableInt),
    avatar_url: Type.Optional(str),
    avatar_source: Type.Optional(str),
    avatar_url_medium: Type.Optional(str),
    new_email: Type.Optional(str),
    delivery_email: Type.Optional(str),
    custom_profile_field: Type.Optional(closedObject({ id: int, value: Type.Unknown(), rendered_value: Type.Optional(str) })),
  },
  { minProperties: 2, additionalProperties: false },
);

/** An outgoing-webhook bot's service (Zulip's get_service_dicts_for_bot). */
export const BotServiceDict = closedObject({ base_url: str, interface: int, token: str });

/** A bot as realm_bot `add` carries it (Zulip's bot dict, without api_key). */
export const BotDict = closedObject({
  email: str,
  user_id: int,
  full_name: str,
  bot_type: nullableInt,
  is_active: bool,
  default_sending_stream: nullableStr,
  default_events_register_stream: nullableStr,
  default_all_public_streams: bool,
  avatar_url: str,
  services: Type.Array(BotServiceDict),
  owner: Type.Optional(str),
});

/** The realm's emoji by id, as realm_emoji `update` carries them. */
export const RealmEmojiDict = Type.Record(
  str,
  closedObject({
    id: str,
    name: str,
    source_url: str,
    deactivated: bool,
    author_id: nullableInt,
    still_url: nullableStr,
    author: Type.Union([Type.Null(), closedObject({ id: int, email: str, full_name: str })]),
  }),
);

export const RealmUserEvent = Type.Union([
  eventObject('realm_user', { op: Type.Literal('add'), person: AddedPerson }),
  eventObject('realm_user', { op: Type.Literal('remove'), person: closedObject({ email: str, user_id: int, full_name: str }) }),
  eventObject('realm_user', { op: Type.Literal('update'), person: UpdatedPerson }),
]);

export const RealmBotEvent = Type.Union([
  eventObject('realm_bot', { op: Type.Literal('add'), bot: BotDict }),
  eventObject('realm_bot', { op: Type.Literal('remove'), bot: closedObject({ email: str, user_id: int, full_name: str }) }),
  eventObject('realm_bot', { op: Type.Literal('delete'), bot: closedObject({ email: str, user_id: int }) }),
  eventObject('realm_bot', {
    op: Type.Literal('update'),
    bot: Type.Object(
      {
        email: str,
        user_id: int,
        full_name: Type.Optional(str),
        owner_id: Type.Optional(int),
        default_all_public_streams: Type.Optional(bool),
        avatar_url: Type.Optional(str),
        services: Type.Optional(Type.Array(BotServiceDict)),
      },
      { minProperties: 3, additionalProperties: false },
    ),
  }),
]);

export const RealmEmojiEvent = eventObject('realm_emoji', { op: Type.Literal('update'), realm_emoji: RealmEmojiDict });

export const PointerEvent = eventObject('pointer', { pointer: int });

export const UpdateGlobalNotificationsEvent = eventObject('update_global_notifications', {
  user: str,
  notification_name: str,
  setting: settingValue,
});

export const UpdateDisplaySettingsEvent = eventObject('update_display_settings', {
  user: str,
  setting_name: str,
  setting: settingValue,
});

/**
 * Zulip's user_settings event (API feature level 89): one per changed personal setting, named as
 * PATCH /settings names it. Sent beside the legacy update_display_settings and
 * update_global_notifications events, as Zulip did until feature level 439; a queue gets only
 * the types it registered for. language_name comes with default_language only.
 */
export const UserSettingsEvent = eventObject('user_settings', {
  op: Type.Literal('update'),
  property: str,
  value: settingValue,
  language_name: Type.Optional(str),
});

/** The user's whole muted-users list after a change (feature level 48). */
export const MutedUsersEvent = eventObject('muted_users', { muted_users: Type.Array(closedObject({ id: int, timestamp: int })) });

export const settingsEvents = {
  muted_users: defineEvent(MutedUsersEvent),
  realm_user: defineEvent(RealmUserEvent, { realmWide: true }),
  realm_bot: defineEvent(RealmBotEvent, { realmWide: true }),
  realm_emoji: defineEvent(RealmEmojiEvent, { realmWide: true }),
  pointer: defineEvent(PointerEvent),
  update_global_notifications: defineEvent(UpdateGlobalNotificationsEvent),
  update_display_settings: defineEvent(UpdateDisplaySettingsEvent),
  user_settings: defineEvent(UserSettingsEvent),
};
