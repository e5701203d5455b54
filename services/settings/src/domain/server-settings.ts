import { createHash } from 'node:crypto';
import { ZULIP_VERSION } from '@chat/config';
import { getRealm, realmUri } from '@chat/db';
import { escapeHtml } from '@chat/errors';
import type { SettingsDeps } from '../app';


/** Which login methods this server offers; dev login only on a development server. */
function authenticationMethods(development: boolean): Record<string, boolean> {
  return {
    password: true,
    dev: development,
    email: true,
    ldap: false,
    remoteuser: false,
    github: false,
    azuread: false,
    google: false,
    saml: false,
  };
}

export async function getServerSettings(deps: SettingsDeps, realmId: number | null): Promise<Record<string, unknown>> {
  const settings: Record<string, unknown> = {
    authentication_methods: authenticationMethods(deps.config.env === 'development'),
    zulip_version: ZULIP_VERSION,
    service_version: ZULIP_VERSION,
    push_notifications_enabled: false,
    is_incompatible: false,
    email_auth_enabled: true,
    require_email_format_usernames: true,
    external_authentication_methods: [],
  };
  const realm = realmId === null ? undefined : await getRealm(deps.db.knex, realmId);
  if (realm) {
    const realmCount = Number((await deps.db.knex('realms').count({ n: '*' }).first())?.n ?? 0);
    Object.assign(settings, {
      realm_uri: realmUri(realm, deps.config.externalHost, realmCount <= 1),
      realm_name: realm.name,
      realm_icon: `https://secure.gravatar.com/avatar/${createHash('md5').update(realm.string_id).digest('hex')}?d=identicon`,
      realm_description: `<p>${escapeHtml(realm.description).replace(/&#39;/g, "'")}</p>`,
    });
  }
  return settings;
}
