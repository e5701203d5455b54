/**
 * The answer of POST /register, declared by schema: the queue, the API version, and for each part
 * of the initial state the client fetches (by event type, `fetch_event_types`) the keys that part
 * adds. A part's keys are there only when it is fetched, so each is optional in the whole; where
 * an event carries the same value, its schema is reused (@chat/events).
 */
import { Type, type TOptional, type TProperties, type TSchema } from '@sinclair/typebox';
import {
  AddedPerson,
  AlertWordsEvent,
  BotDict,
  ClientPresence,
  closedObject,
  DefaultStreamGroupsEvent,
  MutedTopicsEvent,
  MutedUsersEvent,
  ProfileFieldDict,
  RealmDomainDict,
  RealmEmojiDict,
  RealmFiltersEvent,
  StreamDict,
  SubscriptionDict,
  UserGroupDict,
  UserTopicEvent,
} from '@chat/events';

const int = Type.Integer();
const num = Type.Number();
const str = Type.String();
const bool = Type.Boolean();
const ints = Type.Array(int);
const strs = Type.Array(str);
const nullableInt = Type.Union([int, Type.Null()]);
/** A list this server always sends empty (a feature it does not have), as Zulip's clients expect it. */
const alwaysEmpty = Type.Array(Type.Never(), { maxItems: 0 });
/** An integration bot a realm may add, with its configuration's keys. */
const BotIntegration = closedObject({ name: str, config: Type.Record(str, str) });
/** An incoming-webhook integration as at feature level 318 (display_name at 207, config_options at 318). */
const IncomingWebhookBot = closedObject({
  name: str,
  display_name: str,
  all_event_types: Type.Union([Type.Array(str), Type.Null()]),
  config_options: Type.Array(closedObject({ key: str, label: str, validator: str })),
});
/**
 * A user as /register lists them: the realm_user event's person, with a null avatar_url for the
 * client to compute under client_gravatar, and bots saying whether they are cross-realm.
 */
const RegisterUser = closedObject({
  ...AddedPerson.properties,
  avatar_url: Type.Union([str, Type.Null()]),
  is_cross_realm_bot: Type.Optional(bool),
});
/** A bot the caller may manage, as GET /bots lists it: with its key, and its owner (null for none). */
const RegisterBot = closedObject({ ...BotDict.properties, owner: Type.Union([str, Type.Null()]), api_key: str });
/** A stream the caller is not subscribed to, with its subscribers under include_subscribers. */
const UnsubscribedStream = closedObject({ ...StreamDict.properties, subscribers: Type.Optional(ints) });
const { type: _type, id: _id, ...userTopicProperties } = UserTopicEvent.properties;
/** A topic whose visibility the user set, as the user_topic event says it. */
const UserTopicState = closedObject(userTopicProperties);
/** A user's last message time with each private conversation. */
const RecentConversation = closedObject({ max_message_id: int, user_ids: ints });
/** A user's presence in 2.1's shape: each client's, and the latest one as `aggregated`. */
const LegacyPresence = Type.Record(str, Type.Union([ClientPresence, closedObject({ client: str, status: str, timestamp: int })]));
/** A user's presence in the modern shape (slim_presence). */
const ModernPresence = closedObject({ active_timestamp: int, idle_timestamp: int });
const UnreadMessages = closedObject({
  pms: Type.Array(closedObject({ other_user_id: int, sender_id: int, unread_message_ids: ints })),
  streams: Type.Array(closedObject({ stream_id: int, topic: str, unread_message_ids: ints, sender_ids: ints })),
  huddles: Type.Array(closedObject({ user_ids_string: str, unread_message_ids: ints })),
  mentions: ints,
  count: int,
  old_unreads_missing: bool,
});

const displaySettings = {
  twenty_four_hour_time: bool,
  dense_mode: bool,
  starred_message_counts: bool,
  fluid_layout_width: bool,
  high_contrast_mode: bool,
  night_mode: bool,
  translate_emoticons: bool,
  default_language: str,
  left_side_userlist: bool,
  emojiset: str,
  demote_inactive_streams: int,
  timezone: str,
};
const EmojisetChoices = Type.Array(closedObject({ key: str, text: str }));

const notificationSettings = {
  enable_stream_desktop_notifications: bool,
  enable_stream_email_notifications: bool,
  enable_stream_push_notifications: bool,
  enable_stream_audible_notifications: bool,
  notification_sound: str,
  wildcard_mentions_notify: bool,
  enable_desktop_notifications: bool,
  pm_content_in_desktop_notifications: bool,
  enable_sounds: bool,
  enable_offline_email_notifications: bool,
  message_content_in_email_notifications: bool,
  enable_offline_push_notifications: bool,
  enable_online_push_notifications: bool,
  desktop_icon_count_display: int,
  enable_digest_emails: bool,
  enable_login_emails: bool,
  realm_name_in_notifications: bool,
};

const realmState = {
  realm_add_emoji_by_admins_only: bool,
  realm_allow_edit_history: bool,
  realm_allow_message_deleting: bool,
  realm_allow_message_editing: bool,
  realm_allow_community_topic_editing: bool,
  realm_bot_creation_policy: int,
  realm_create_stream_policy: int,
  realm_invite_to_stream_policy: int,
  realm_default_language: str,
  realm_default_twenty_four_hour_time: bool,
  realm_digest_emails_enabled: bool,
  realm_disallow_disposable_email_addresses: bool,
  realm_email_address_visibility: int,
  realm_email_changes_disabled: bool,
  realm_google_hangouts_domain: str,
  realm_zoom_user_id: str,
  realm_zoom_api_key: str,
  realm_zoom_api_secret: str,
  realm_invite_required: bool,
  realm_invite_by_admins_only: bool,
  realm_inline_image_preview: bool,
  realm_inline_url_embed_preview: bool,
  realm_mandatory_topics: bool,
  // What clients show for the empty topic `""` (feature level 334).
  realm_empty_topic_display_name: str,
  realm_message_retention_days: int,
  realm_message_content_edit_limit_seconds: int,
  realm_message_content_delete_limit_seconds: int,
  realm_name_changes_disabled: bool,
  realm_avatar_changes_disabled: bool,
  realm_emails_restricted_to_domains: bool,
  realm_send_welcome_emails: bool,
  realm_message_content_allowed_in_email_notifications: bool,
  realm_video_chat_provider: int,
  realm_waiting_period_threshold: int,
  realm_digest_weekday: int,
  realm_user_group_edit_policy: int,
  realm_presence_disabled: bool,
  realm_push_notifications_enabled: bool,
  realm_upload_quota: nullableInt,
  realm_plan_type: int,
  realm_name: str,
  realm_description: str,
  max_stream_name_length: int,
  max_stream_description_length: int,
  max_topic_length: int,
  max_message_length: int,
  max_file_upload_size_mib: int,
  server_presence_ping_interval_seconds: int,
  server_presence_offline_threshold_seconds: int,
  server_typing_started_expiry_period_milliseconds: int,
  server_typing_stopped_wait_period_milliseconds: int,
  server_typing_started_wait_period_milliseconds: int,
  event_queue_longpoll_timeout_seconds: int,
  server_emoji_data_url: str,
  server_web_public_streams_enabled: bool,
  server_needs_upgrade: bool,
  server_avatar_changes_disabled: bool,
  server_name_changes_disabled: bool,
  server_inline_image_preview: bool,
  server_inline_url_embed_preview: bool,
  server_thumbnail_formats: alwaysEmpty,
  realm_delete_own_message_policy: int,
  realm_can_delete_any_message_group: int,
  realm_can_delete_own_message_group: int,
  realm_wildcard_mention_policy: int,
  realm_enable_read_receipts: bool,
  realm_web_public_access_enabled: bool,
  realm_uri: str,
  realm_url: str,
  realm_authentication_methods: Type.Record(str, bool),
  realm_email_auth_enabled: bool,
  realm_password_auth_enabled: bool,
  realm_is_zephyr_mirror_realm: bool,
  realm_notifications_stream_id: int,
  realm_signup_notifications_stream_id: int,
  realm_icon_source: str,
  realm_icon_url: str,
  realm_logo_source: str,
  realm_logo_url: str,
  realm_night_logo_source: str,
  realm_night_logo_url: str,
  realm_bot_domain: str,
  // No video chat provider nor external account type is configured here: both always empty.
  realm_available_video_chat_providers: Type.Object({}, { additionalProperties: false }),
  realm_default_external_accounts: Type.Object({}, { additionalProperties: false }),
  max_icon_file_size: int,
  max_logo_file_size: int,
};

/** The keys each part of the initial state adds, by the event type that fetches it. */
export const REGISTER_STATE = {
  alert_words: { alert_words: AlertWordsEvent.properties.alert_words },
  custom_profile_fields: {
    custom_profile_fields: Type.Array(ProfileFieldDict),
    custom_profile_field_types: Type.Record(str, closedObject({ id: int, name: str })),
  },
  default_stream_groups: { realm_default_stream_groups: DefaultStreamGroupsEvent.properties.default_stream_groups },
  default_streams: { realm_default_streams: Type.Array(StreamDict) },
  // No onboarding tutorial here: every user is as 2.1's users who finished it.
  hotspots: { hotspots: alwaysEmpty },
  message: { max_message_id: int },
  muted_topics: { muted_topics: MutedTopicsEvent.properties.muted_topics },
  muted_users: { muted_users: MutedUsersEvent.properties.muted_users },
  pointer: { pointer: int },
  presence: { presences: Type.Union([Type.Record(str, LegacyPresence), Type.Record(str, ModernPresence)]), server_timestamp: num },
  realm: realmState,
  realm_bot: { realm_bots: Type.Array(RegisterBot) },
  realm_domains: { realm_domains: Type.Array(RealmDomainDict) },
  realm_embedded_bots: { realm_embedded_bots: Type.Array(BotIntegration) },
  realm_emoji: { realm_emoji: RealmEmojiDict },
  realm_filters: { realm_filters: RealmFiltersEvent.properties.realm_filters },
  realm_incoming_webhook_bots: { realm_incoming_webhook_bots: Type.Array(IncomingWebhookBot) },
  realm_user: {
    realm_users: Type.Array(RegisterUser),
    realm_non_active_users: Type.Array(RegisterUser),
    cross_realm_bots: alwaysEmpty,
    avatar_source: str,
    avatar_url_medium: str,
    avatar_url: str,
    can_create_streams: bool,
    can_subscribe_other_users: bool,
    is_admin: bool,
    is_owner: bool,
    is_moderator: bool,
    is_guest: bool,
    user_id: int,
    enter_sends: bool,
    email: str,
    delivery_email: str,
    full_name: str,
  },
  realm_user_groups: { realm_user_groups: Type.Array(UserGroupDict) },
  recent_private_conversations: { recent_private_conversations: Type.Array(RecentConversation) },
  starred_messages: { starred_messages: ints },
  stop_words: { stop_words: strs },
  stream: { streams: Type.Array(StreamDict), stream_name_max_length: int, stream_description_max_length: int },
  subscription: {
    subscriptions: Type.Array(SubscriptionDict),
    unsubscribed: Type.Array(SubscriptionDict),
    never_subscribed: Type.Array(UnsubscribedStream),
  },
  // Only with message too (unread_msgs is the unread messages' flags).
  update_message_flags: { unread_msgs: UnreadMessages },
  // The two legacy settings parts: not for a client with the user_settings_object capability.
  update_display_settings: { ...displaySettings, emojiset_choices: EmojisetChoices },
  update_global_notifications: { ...notificationSettings, available_notification_sounds: strs },
  user_settings: {
    user_settings: closedObject({
      ...displaySettings,
      ...notificationSettings,
      enter_sends: bool,
      presence_enabled: bool,
      send_private_typing_notifications: bool,
      send_stream_typing_notifications: bool,
      send_read_receipts: bool,
      display_emoji_reaction_users: bool,
      enable_followed_topic_desktop_notifications: bool,
      enable_followed_topic_email_notifications: bool,
      enable_followed_topic_push_notifications: bool,
      enable_followed_topic_audible_notifications: bool,
      enable_followed_topic_wildcard_mentions_notify: bool,
      emojiset_choices: EmojisetChoices,
      available_notification_sounds: strs,
    }),
  },
  user_status: {
    user_status: Type.Record(str, closedObject({ away: Type.Optional(Type.Literal(true)), status_text: Type.Optional(str) })),
  },
  user_topic: { user_topics: Type.Array(UserTopicState) },
} satisfies Record<string, TProperties>;

type Parts = typeof REGISTER_STATE;
/** Every part's keys in one object type (the intersection of the parts). */
type AllParts = (Parts[keyof Parts] extends infer U ? (U extends unknown ? (part: U) => void : never) : never) extends (
  part: infer I,
) => void
  ? I
  : never;
type StateProperties = { [K in keyof AllParts]: AllParts[K] extends TSchema ? TOptional<AllParts[K]> : never };

/** Each part's keys, optional, each saying which event type fetches it (for the reference). */
function stateProperties(): StateProperties {
  const properties: Record<string, TSchema> = {};
  for (const [eventType, part] of Object.entries(REGISTER_STATE) as [string, TProperties][]) {
    for (const [key, schema] of Object.entries(part)) {
      properties[key] = Type.Optional({ description: `Fetched with \`${eventType}\`.`, ...schema });
    }
  }
  // Object.entries cannot know the keys: they are exactly the parts' keys, each made optional.
  return properties as StateProperties;
}

export const registerAnswer = Type.Object(
  {
    queue_id: Type.String({ description: 'The id of the new queue, for GET /events.' }),
    last_event_id: Type.Integer({ description: 'The id to poll after: -1 for a new queue.' }),
    // Every register says which API it speaks, whatever it fetches (Zulip from feature level 3).
    zulip_version: Type.String({ description: 'The Zulip version whose API this server speaks.' }),
    zulip_feature_level: Type.Integer({ description: 'The feature level of that API.' }),
    zulip_merge_base: Type.String({ description: 'The Zulip version this one is based on.' }),
    ...stateProperties(),
  },
  {
    additionalProperties: false,
    description: 'The initial state: the keys of each part `fetch_event_types` names (absent: those of `event_types`).',
  },
);
