/** The login methods this server's settings service offers a realm (libs/views decides from its backends). */
import type { Config } from '@chat/config';
import type { RealmRow } from '@chat/db';
import { authenticationMethods, type AuthBackends } from '@chat/views';

export function authBackendsOf(config: Pick<Config, 'env' | 'oidc'>): AuthBackends {
  return { development: config.env === 'development', oidc: config.oidc !== null };
}

export function passwordAuthEnabled(realm: RealmRow): boolean {
  return authenticationMethods({ development: false, oidc: false }, realm).password === true;
}

/** Whether the realm accepts OpenID Connect logins on this server. */
export function oidcEnabled(config: Pick<Config, 'env' | 'oidc'>, realm: RealmRow): boolean {
  return authenticationMethods(authBackendsOf(config), realm)['openid connect'] === true;
}
