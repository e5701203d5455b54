/**
 * Which login methods a realm offers (Zulip's get_auth_backends_data / Realm.authentication_methods_dict):
 * the server's backends, less what the realm switched off. server_settings and /register's
 * realm_authentication_methods both answer from here, so they never disagree.
 */
import type { RealmRow } from '@chat/db';

/** What the server has backends for: the development login, and OpenID Connect when configured. */
export interface AuthBackends {
  development: boolean;
  oidc: boolean;
}

/** Zulip's AUTHENTICATION_BACKENDS: e-mail and password always, the others as configured. */
function serverBackends(backends: AuthBackends): Record<string, boolean> {
  return {
    password: true,
    dev: backends.development,
    email: true,
    ldap: false,
    remoteuser: false,
    github: false,
    azuread: false,
    google: false,
    saml: false,
    'openid connect': backends.oidc,
  };
}

/**
 * A realm may switch a method off (realms.settings.authentication_methods); it cannot switch on
 * one the server has no backend for. A method the realm never mentioned is on.
 */
function realmMethods(realm: Pick<RealmRow, 'settings'> | undefined): Record<string, unknown> {
  const value = (realm?.settings as { authentication_methods?: unknown } | null | undefined)?.authentication_methods;
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

export function authenticationMethods(backends: AuthBackends, realm: Pick<RealmRow, 'settings'> | undefined): Record<string, boolean> {
  const server = serverBackends(backends);
  const allowed = realmMethods(realm);
  const email = allowed.email !== false;
  return Object.fromEntries(
    Object.entries(server).map(([name, on]) => {
      // Zulip derives "password" from the e-mail (or LDAP) backend being usable.
      if (name === 'password') return [name, email];
      if (name === 'email') return [name, email];
      return [name, on && allowed[name] !== false];
    }),
  );
}

/** The method names a realm may switch (Zulip refuses others). */
export function knownAuthenticationMethods(backends: AuthBackends): string[] {
  return Object.keys(serverBackends(backends)).filter((name) => name !== 'password');
}
