/**
 * The realm's initial state ('realm' in Zulip's fetch_initial_state_data): realm_<property> for
 * the properties clients read, with Zulip 2.1's defaults where this server has no setting yet.
 */
import { getRealm, realmUri, type Executor } from '@chat/db';
import { REALM_PROPERTY_DEFAULTS, realmEmojiDict } from '@chat/views';

/** State-only keys /register shows next to the realm's properties. */
const STATE_DEFAULTS: Record<string, unknown> = {
  allow_message_editing: true,
  presence_disabled: false,
  push_notifications_enabled: false,
  upload_quota: null,
  plan_type: 1,
};

export async function realmState(db: Executor, realmId: number, externalHost: string): Promise<Record<string, unknown>> {
  const realm = await getRealm(db, realmId);
  if (!realm) return {};
  const count = Number((await db('realms').count({ n: '*' }).first())?.n ?? 1);
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
