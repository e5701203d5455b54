import { ZULIP_VERSION, ZULIP_VERSION_KEYS } from '@chat/config';
import { getRealm, pushNotificationsEnabled, realmUrlOf } from '@chat/db';
import { escapeHtml } from '@chat/errors';
import { authenticationMethods, realmIconUrl } from '@chat/views';
import type { SettingsContext } from '../deps';
import { authBackendsOf } from '../lib/auth-methods';
import { externalAuthenticationMethods } from '../identity/oidc-urls';

/** Zulip's check_server_incompatibility: only the test client name "ZulipInvalid" is refused. */
function isIncompatible(userAgent: string | undefined): boolean {
  return (userAgent ?? '').split('/')[0]?.trim() === 'ZulipInvalid';
}

export async function getServerSettings(
  ctx: SettingsContext,
  realmId: number | null,
  userAgent: string | undefined,
): Promise<Record<string, unknown>> {
  const realm = realmId === null ? undefined : await getRealm(ctx.db.knex, realmId);
  const methods = authenticationMethods(authBackendsOf(ctx.config), realm);
  const settings: Record<string, unknown> = {
    authentication_methods: methods,
    ...ZULIP_VERSION_KEYS,
    service_version: ZULIP_VERSION,
    push_notifications_enabled: await pushNotificationsEnabled(ctx.db.knex, ctx.config.push),
    is_incompatible: isIncompatible(userAgent),
    email_auth_enabled: methods.email,
    require_email_format_usernames: true,
    external_authentication_methods: realm && methods['openid connect'] ? externalAuthenticationMethods(ctx.config) : [],
    // This server's extension: what a browser subscribes to Web Push with (absent: Web Push is off).
    ...(ctx.config.webPushVapidPublicKey ? { web_push_vapid_public_key: ctx.config.webPushVapidPublicKey } : {}),
  };
  if (realm) {
    const url = await realmUrlOf(ctx.db.knex, ctx.config.externalHost, realm);
    Object.assign(settings, {
      // realm_url is realm_uri's name from feature level 257; clients still read either.
      realm_uri: url,
      realm_url: url,
      // No realm here is readable without an account.
      realm_web_public_access_enabled: false,
      realm_name: realm.name,
      realm_icon: realmIconUrl(realm),
      realm_description: `<p>${escapeHtml(realm.description).replace(/&#39;/g, "'")}</p>`,
    });
  }
  return settings;
}
