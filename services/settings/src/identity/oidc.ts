/**
 * The OpenID Connect backend (openid-client): the authorization code flow with PKCE, state and
 * nonce. The start builds the provider's URL and keeps the secrets in the database
 * (login-states.ts); the callback exchanges the code, has openid-client check the ID token
 * (signature, issuer, audience, expiry, nonce) and hands the claims over as an ExternalIdentity.
 */
import * as client from 'openid-client';
import type { Config, OidcSettings } from '@chat/config';
import { ApiError } from '@chat/errors';
import type { Logger } from '@chat/log';
import type { ExternalIdentity } from './external-identity';
import { oidcRedirectUri } from './oidc-urls';

/** How long a call to the provider may take before the login fails with a message. */
const PROVIDER_TIMEOUT_SECS = 10;

function providerDown(): ApiError {
  return new ApiError('The identity provider cannot be reached. Please try again later.', { status: 503 });
}

/** The provider's discovered configuration, fetched at the first login and kept; a failure is retried next time. */
const discovered = new Map<string, Promise<client.Configuration>>();

async function providerConfiguration(settings: OidcSettings, logger: Logger): Promise<client.Configuration> {
  const key = `${settings.issuer} ${settings.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const insecure = new URL(settings.issuer).protocol === 'http:';
    found = client.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
      timeout: PROVIDER_TIMEOUT_SECS,
      // http issuers only where configuration allows them (development; production requires https).
      execute: insecure ? [client.allowInsecureRequests] : [],
    });
    discovered.set(key, found);
  }
  try {
    return await found;
  } catch (err) {
    discovered.delete(key);
    logger.warn({ issuer: settings.issuer, err: (err as Error).message }, 'OpenID Connect discovery failed');
    throw providerDown();
  }
}

export function requireOidc(config: Pick<Config, 'oidc'>): OidcSettings {
  if (!config.oidc) throw new ApiError('OpenID Connect is not configured on this server.', { status: 404 });
  return config.oidc;
}

export interface OidcStart {
  nonce: string;
  codeVerifier: string;
}

export function newOidcSecrets(): OidcStart {
  return { nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
}

/** The provider's authorization URL for a login whose secrets and state are given. */
export async function oidcAuthorizationUrl(
  config: Pick<Config, 'oidc' | 'externalHost'>,
  logger: Logger,
  secrets: OidcStart,
  state: string,
): Promise<string> {
  const provider = await providerConfiguration(requireOidc(config), logger);
  const url = client.buildAuthorizationUrl(provider, {
    redirect_uri: oidcRedirectUri(config),
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce: secrets.nonce,
  });
  return url.href;
}

function claimString(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The identity the callback's code proves, or a refusal (a bad code, token or nonce). */
export async function oidcIdentity(
  config: Pick<Config, 'oidc' | 'externalHost'>,
  logger: Logger,
  query: string,
  state: string,
  secrets: OidcStart,
): Promise<ExternalIdentity> {
  const provider = await providerConfiguration(requireOidc(config), logger);
  const currentUrl = new URL(`${oidcRedirectUri(config)}?${query}`);
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(provider, currentUrl, {
      pkceCodeVerifier: secrets.codeVerifier,
      expectedNonce: secrets.nonce,
      expectedState: state,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // Providers that follow the spec strictly put the scopes' claims in UserInfo only.
    if (claims && claimString(claims, 'email') === null) {
      claims = { ...(await client.fetchUserInfo(provider, tokens.access_token, String(claims.sub))), ...claims };
    }
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    logger.info({ reason }, 'OpenID Connect login refused');
    if (err instanceof TypeError || /fetch failed|timed? ?out|ECONNREFUSED/i.test(reason)) throw providerDown();
    throw new ApiError('The identity provider did not confirm this login. Please try again.', { status: 403, extra: { reason: 'oidc' } });
  }
  if (!claims) throw new ApiError('The identity provider sent no ID token.', { status: 403, extra: { reason: 'oidc' } });
  return {
    issuer: provider.serverMetadata().issuer,
    subject: claimString(claims, 'sub') ?? '',
    email: claimString(claims, 'email'),
    emailVerified: claims.email_verified === true,
    fullName: claimString(claims, 'name'),
  };
}
