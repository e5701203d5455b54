/**
 * The realm's initial state ('realm' in Zulip's fetch_initial_state_data): realm_<property> for
 * the properties clients read, with Zulip 2.1's defaults where this server has no setting yet.
 */
import {
  MAX_ICON_FILE_MB,
  MAX_LOGO_FILE_MB,
  MAX_MESSAGE_LENGTH,
  MAX_STREAM_DESCRIPTION_LENGTH,
  MAX_STREAM_NAME_LENGTH,
  MAX_TOPIC_LENGTH,
  SERVER_EMOJI_DATA_PATH,
} from '@chat/contracts';
import { getRealm, OFFLINE_THRESHOLD_SECS, pushNotificationsEnabled, realmUrlOf, systemGroupId, type Executor } from '@chat/db';
import { EMPTY_TOPIC_DISPLAY_NAME } from '@chat/events';
import { authenticationMethods, REALM_PROPERTY_DEFAULTS, realmEmojiDict, realmImageState, type AuthBackends } from '@chat/views';

/** What the realm state says about this server's configuration. */
export interface ServerFacts {
  externalHost: string;
  maxFileUploadSizeMb: number;
  /** A parked poll's longest wait (the heartbeat), so a client knows when to give up on one. */
  longestPollSecs: number;
  /** The push bouncer settings: push notifications are enabled once the server registered with it. */
  push: { bouncerUrl: string; orgId: string; orgKey: string };
  /** The login backends the server has (realm_authentication_methods reports those the realm keeps on). */
  authBackends: AuthBackends;
}

/** The login methods the realm keeps on, and the two flags clients read from them. */
function authState(backends: AuthBackends, realm: Parameters<typeof authenticationMethods>[1]): Record<string, unknown> {
  const methods = authenticationMethods(backends, realm);
  return {
    realm_authentication_methods: methods,
    realm_email_auth_enabled: methods.email === true,
    realm_password_auth_enabled: methods.password === true,
  };
}

/**
 * Zulip's delete_own_message_policy (feature level 101), from 2.1's allow_message_deleting:
 * 5 everyone, 2 administrators only.
 */
function deleteOwnMessagePolicy(allowMessageDeleting: unknown): number {
  return allowMessageDeleting === true ? 5 : 2;
}

/**
 * The realm's message-deletion permissions as group-setting values (a system group's id; Zulip's
 * levels 281 and 291, which the mobile app reads whenever they are present): administrators
 * delete any message, as in 2.1; their own messages everyone or, as 2.1's default, only
 * administrators.
 */
async function deletionGroups(db: Executor, realmId: number, allowMessageDeleting: unknown): Promise<Record<string, unknown>> {
  const administrators = await systemGroupId(db, realmId, 'role:administrators');
  const everyone = await systemGroupId(db, realmId, 'role:everyone');
  if (administrators === undefined || everyone === undefined) return {};
  return {
    realm_can_delete_any_message_group: administrators,
    realm_can_delete_own_message_group: allowMessageDeleting === true ? everyone : administrators,
  };
}

/**
 * The limits and timings newer clients read from the realm state (Zulip sends them with 'realm').
 * Zulip's own values where this server has no setting: a client pings presence each minute and
 * shows a user offline after OFFLINE_THRESHOLD_SECS; typing notices repeat every 10 s and expire
 * after 15 s.
 */
function serverState(facts: ServerFacts, url: string): Record<string, unknown> {
  return {
    max_stream_name_length: MAX_STREAM_NAME_LENGTH,
    max_stream_description_length: MAX_STREAM_DESCRIPTION_LENGTH,
    max_topic_length: MAX_TOPIC_LENGTH,
    max_message_length: MAX_MESSAGE_LENGTH,
    max_file_upload_size_mib: facts.maxFileUploadSizeMb,
    server_presence_ping_interval_seconds: 60,
    server_presence_offline_threshold_seconds: OFFLINE_THRESHOLD_SECS,
    server_typing_started_expiry_period_milliseconds: 15000,
    server_typing_stopped_wait_period_milliseconds: 5000,
    server_typing_started_wait_period_milliseconds: 10000,
    // The heartbeat's longest delay plus time for the answer to travel.
    event_queue_longpoll_timeout_seconds: facts.longestPollSecs + 35,
    server_emoji_data_url: url + SERVER_EMOJI_DATA_PATH,
    server_web_public_streams_enabled: false,
    server_needs_upgrade: false,
    server_avatar_changes_disabled: false,
    server_name_changes_disabled: false,
    server_inline_image_preview: true,
    server_inline_url_embed_preview: false,
    server_thumbnail_formats: [],
  };
}

/** State-only keys /register shows next to the realm's properties. */
const STATE_DEFAULTS: Record<string, unknown> = {
  allow_message_editing: true,
  presence_disabled: false,
  upload_quota: null,
  plan_type: 1,
};

export async function realmState(db: Executor, realmId: number, facts: ServerFacts): Promise<Record<string, unknown>> {
  const realm = await getRealm(db, realmId);
  if (!realm) return {};
  const props: Record<string, unknown> = {
    ...REALM_PROPERTY_DEFAULTS,
    ...STATE_DEFAULTS,
    ...(realm.settings ?? {}),
    name: realm.name,
    description: realm.description,
    // Zulip never shows the Zoom secret, whatever is stored.
    zoom_api_secret: '',
  };
  const state: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) state[`realm_${key}`] = value;
  const url = await realmUrlOf(db, facts.externalHost, realm);
  return {
    ...state,
    ...serverState(facts, url),
    // -1 is "forever" from feature level 22 (2.1 said null).
    realm_message_retention_days: props.message_retention_days ?? -1,
    realm_delete_own_message_policy: deleteOwnMessagePolicy(props.allow_message_deleting),
    ...(await deletionGroups(db, realmId, props.allow_message_deleting)),
    // 1: anyone may mention everyone, as in 2.1, which had no such policy.
    realm_wildcard_mention_policy: 1,
    realm_enable_read_receipts: false,
    realm_web_public_access_enabled: false,
    realm_push_notifications_enabled: await pushNotificationsEnabled(db, facts.push),
    realm_uri: url,
    realm_url: url,
    ...authState(facts.authBackends, realm),
    realm_is_zephyr_mirror_realm: false,
    realm_notifications_stream_id: realm.notifications_stream_id ?? -1,
    realm_signup_notifications_stream_id: realm.signup_notifications_stream_id ?? -1,
    ...realmImageState(realm),
    realm_bot_domain: realm.email_domain,
    realm_available_video_chat_providers: {},
    realm_default_external_accounts: {},
    max_icon_file_size: MAX_ICON_FILE_MB,
    max_logo_file_size: MAX_LOGO_FILE_MB,
    realm_empty_topic_display_name: EMPTY_TOPIC_DISPLAY_NAME,
  };
}

/** Zulip's realm_filters: [pattern, url_format_string, id] in creation order (a read of the message service's table). */
export async function realmFiltersState(db: Executor, realmId: number): Promise<Record<string, unknown>> {
  const rows: { id: number; pattern: string; url_format_string: string }[] = await db('realm_filters')
    .where({ realm_id: realmId })
    .orderBy('id')
    .select('id', 'pattern', 'url_format_string');
  return { realm_filters: rows.map((row) => [row.pattern, row.url_format_string, row.id]) };
}

export async function realmEmojiState(db: Executor, realmId: number): Promise<Record<string, unknown>> {
  return { realm_emoji: await realmEmojiDict(db, realmId) };
}
