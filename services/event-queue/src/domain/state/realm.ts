/**
 * The realm's initial state ('realm' in Zulip's fetch_initial_state_data): realm_<property> for
 * the properties clients read, with Zulip 2.1's defaults where this server has no setting yet.
 */
import { getRealm, realmUri, type Executor } from '@chat/db';
import { realmEmojiDict } from '@chat/views';

const DEFAULTS: Record<string, unknown> = {
  add_emoji_by_admins_only: false,
  allow_edit_history: true,
  allow_message_deleting: false,
  allow_message_editing: true,
  allow_community_topic_editing: true,
  bot_creation_policy: 1,
  create_stream_policy: 1,
  invite_to_stream_policy: 1,
  default_language: 'en',
  default_twenty_four_hour_time: false,
  digest_emails_enabled: false,
  disallow_disposable_email_addresses: true,
  email_address_visibility: 1,
  email_changes_disabled: false,
  invite_required: true,
  invite_by_admins_only: false,
  inline_image_preview: true,
  inline_url_embed_preview: false,
  mandatory_topics: false,
  message_retention_days: null,
  message_content_edit_limit_seconds: 600,
  message_content_delete_limit_seconds: null,
  name_changes_disabled: false,
  avatar_changes_disabled: false,
  emails_restricted_to_domains: false,
  send_welcome_emails: true,
  message_content_allowed_in_email_notifications: true,
  video_chat_provider: 1,
  waiting_period_threshold: 0,
  digest_weekday: 1,
  user_group_edit_policy: 1,
  presence_disabled: false,
  push_notifications_enabled: false,
  upload_quota: null,
  plan_type: 1,
};

export async function realmState(db: Executor, realmId: number, externalHost: string): Promise<Record<string, unknown>> {
  const realm = await getRealm(db, realmId);
  if (!realm) return {};
  const count = Number((await db('realms').count({ n: '*' }).first())?.n ?? 1);
  const props: Record<string, unknown> = { ...DEFAULTS, ...(realm.settings ?? {}), name: realm.name, description: realm.description };
  const state: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) state[`realm_${key}`] = value;
  return {
    ...state,
    realm_uri: realmUri(realm, externalHost, count <= 1),
    realm_authentication_methods: { password: true, email: true, dev: false, ...(realm.settings?.authentication_methods ?? {}) },
    realm_email_auth_enabled: true,
    realm_password_auth_enabled: true,
    realm_is_zephyr_mirror_realm: false,
    realm_notifications_stream_id: realm.notifications_stream_id ?? -1,
    realm_signup_notifications_stream_id: realm.signup_notifications_stream_id ?? -1,
    realm_icon_source: 'G',
    realm_bot_domain: realm.email_domain,
    realm_available_video_chat_providers: {},
    realm_default_external_accounts: {},
    max_icon_file_size: 5,
    max_logo_file_size: 5,
  };
}

export async function realmEmojiState(db: Executor, realmId: number): Promise<Record<string, unknown>> {
  return { realm_emoji: await realmEmojiDict(db, realmId) };
}
