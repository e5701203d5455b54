/**
 * Authentication of one API request, shared by every entry that faces clients: the gateway, and
 * the event tier when the ingress sends /register and /events straight to it (as Zulip's nginx
 * sends them to Tornado). Same HTTP Basic rules, same error bodies, same cache.
 */
import { BOT_TYPES, getRealmForHost, type Executor, type UserRow } from '@chat/db';
import { ApiError, unauthorized } from '@chat/errors';
import { parseBasicAuth, type Authenticator } from './authenticator';

const REALM_CACHE_MS = 10_000;

/**
 * The realm each Host names, cached briefly: realms are created rarely and read on every request.
 * null: the host names no realm (a subdomain no active realm has), where the authenticator
 * accepts no credential, as Zulip refuses them with "Account is not associated with this
 * subdomain"; the bare host names the root realm.
 */
export function realmResolver(db: Executor, externalHost: string): (host: string | undefined) => Promise<number | null> {
  const cache = new Map<string, { realmId: number | null; expires: number }>();
  return async (host) => {
    const key = host ?? '';
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.realmId;
    const realm = await getRealmForHost(db, host, externalHost);
    const realmId = realm?.id ?? null;
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { realmId, expires: Date.now() + REALM_CACHE_MS });
    return realmId;
  };
}

/**
 * The user of a route that needs one (Zulip's authenticated_rest_api_view): HTTP Basic e-mail +
 * API key. Every credential error is a 401 without code (Zulip's json_unauthorized).
 */
export async function authenticateBasicUser(
  authenticator: Authenticator,
  header: string | undefined,
  realmId: number | null,
  options: { webhookBots?: boolean } = {},
): Promise<UserRow> {
  if (!header) throw unauthorized('Not logged in: API authentication or user session required');
  const credentials = parseBasicAuth(header);
  const { user } = await authenticator.authenticate(credentials, realmId).catch((err: unknown) => {
    throw err instanceof ApiError ? unauthorized(err.message) : err;
  });
  if (user.bot_type === BOT_TYPES.INCOMING_WEBHOOK && !options.webhookBots) {
    throw unauthorized('This API is not available to incoming webhook bots.');
  }
  return user;
}
