/**
 * AUTH_OIDC_*: the OpenID Connect provider the server signs people in with (Keycloak, Okta,
 * Microsoft Entra ID, Google...). Unset AUTH_OIDC_ISSUER: no OpenID Connect backend. The client
 * secret is checked for presence only and never echoed.
 */
type Env = Record<string, string | undefined>;

export interface OidcSettings {
  /** AUTH_OIDC_ISSUER: the issuer URL; its /.well-known/openid-configuration is read at the first login. */
  issuer: string;
  /** AUTH_OIDC_CLIENT_ID: this server's client id at the provider. */
  clientId: string;
  /** AUTH_OIDC_CLIENT_SECRET: its secret (client_secret_basic). */
  clientSecret: string;
  /** AUTH_OIDC_DISPLAY_NAME: the login button's label, "Log in with <name>" (default "OpenID Connect"). */
  displayName: string;
  /** AUTH_OIDC_ICON_URL: the button's icon; empty: none. */
  iconUrl: string;
}

const OIDC_VARIABLES = ['AUTH_OIDC_CLIENT_ID', 'AUTH_OIDC_CLIENT_SECRET', 'AUTH_OIDC_DISPLAY_NAME', 'AUTH_OIDC_ICON_URL'] as const;

function httpUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}

export function oidcSettings(env: Env, production: boolean, problems: string[]): OidcSettings | null {
  const issuer = env.AUTH_OIDC_ISSUER ?? '';
  if (issuer === '') {
    const given = OIDC_VARIABLES.filter((name) => (env[name] ?? '') !== '');
    if (given.length > 0) problems.push(`${given.join(', ')} given without AUTH_OIDC_ISSUER: set it to sign in with OpenID Connect`);
    return null;
  }
  const url = httpUrl(issuer);
  if (!url) problems.push(`AUTH_OIDC_ISSUER must be http://... or https://..., not "${issuer}"`);
  else if (production && url.protocol !== 'https:') problems.push('AUTH_OIDC_ISSUER must be https://... in production');
  const clientId = env.AUTH_OIDC_CLIENT_ID ?? '';
  if (clientId === '') problems.push('AUTH_OIDC_CLIENT_ID must be set with AUTH_OIDC_ISSUER');
  const clientSecret = env.AUTH_OIDC_CLIENT_SECRET ?? '';
  if (clientSecret === '') problems.push('AUTH_OIDC_CLIENT_SECRET must be set with AUTH_OIDC_ISSUER');
  const iconUrl = env.AUTH_OIDC_ICON_URL ?? '';
  if (iconUrl !== '' && !httpUrl(iconUrl)) problems.push(`AUTH_OIDC_ICON_URL must be http://... or https://..., not "${iconUrl}"`);
  const displayName = (env.AUTH_OIDC_DISPLAY_NAME ?? '').trim() || 'OpenID Connect';
  if (displayName.length > 60) problems.push('AUTH_OIDC_DISPLAY_NAME must be at most 60 characters');
  return { issuer, clientId, clientSecret, displayName, iconUrl };
}
