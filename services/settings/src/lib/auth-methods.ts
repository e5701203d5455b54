/** Which login methods a realm offers: the server's backends, less what the realm switched off. */
import type { RealmRow } from '@chat/db';

/**
 * The login methods this server has backends for (Zulip's AUTHENTICATION_BACKENDS): e-mail and
 * password always, development login on a development server, no external (SSO) backend yet.
 */
function serverBackends(development: boolean): Record<string, boolean> {
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

/**
 * A realm may switch a method off (realms.settings.authentication_methods, Zulip's
 * Realm.authentication_methods); it cannot switch on one the server has no backend for.
 */
function realmMethods(realm: RealmRow | undefined): Record<string, boolean> {
  const value = (realm?.settings as { authentication_methods?: unknown } | null | undefined)?.authentication_methods;
  return value && typeof value === 'object' ? (value as Record<string, boolean>) : {};
}

export function authenticationMethods(development: boolean, realm: RealmRow | undefined): Record<string, boolean> {
  const backends = serverBackends(development);
  const allowed = realmMethods(realm);
  const email = backends.email! && allowed.email !== false;
  return Object.fromEntries(
    Object.entries(backends).map(([name, on]) => {
      // Zulip derives "password" from the e-mail (or LDAP) backend being usable.
      if (name === 'password') return [name, email || (backends.ldap! && allowed.ldap !== false)];
      if (name === 'email') return [name, email];
      return [name, on && allowed[name] !== false];
    }),
  );
}

export function passwordAuthEnabled(realm: RealmRow): boolean {
  return authenticationMethods(false, realm).password === true;
}
