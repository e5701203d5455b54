/**
 * The gateway's authentication step for one route: who is calling, in Zulip's terms and with
 * Zulip's error bodies (behaviour notes 1.4).
 */
import type { RequestHandler } from 'express';
import { Authenticator, parseBasicAuth, userIdentity } from '@chat/auth';
import { BOT_TYPES, getRealmForHost, type Executor, type UserRow } from '@chat/db';
import { ApiError, missingArgument, unauthorized } from '@chat/errors';
import { IDENTITY_HEADER, SIGNATURE_HEADER } from '@chat/http';
import type { Route } from './route-table';

const REALM_CACHE_MS = 10_000;

/** The realm each Host names, cached briefly: realms are created rarely and read on every request. */
export function realmResolver(db: Executor): (host: string | undefined) => Promise<number | null> {
  const cache = new Map<string, { realmId: number | null; expires: number }>();
  return async (host) => {
    const key = host ?? '';
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.realmId;
    const realm = await getRealmForHost(db, host);
    const realmId = realm?.id ?? null;
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { realmId, expires: Date.now() + REALM_CACHE_MS });
    return realmId;
  };
}

/**
 * /external/<integration> (behaviour notes 1.4). By default Zulip's api_key_only_webhook_view:
 * the key alone, from the query string (the body is the integration's, passed on unread), with
 * the authenticator's errors as they are (401 INVALID_API_KEY without a challenge, 400 for a
 * deactivated account). Integrations declaring HTTP Basic get authenticated_rest_api_view's
 * answers instead, all 401 with the challenge. Any user or bot may post, webhook bots included.
 */
async function authenticateWebhook(
  route: Route,
  apiKeyParam: unknown,
  header: string | undefined,
  authenticator: Authenticator,
  realmId: number | null,
): Promise<UserRow> {
  if (route.webhookAuth === 'basic') {
    if (!header) throw unauthorized('Missing authorization header for basic auth');
    const credentials = parseBasicAuth(header);
    const found = await authenticator.authenticate(credentials, realmId).catch((err: unknown) => {
      throw err instanceof ApiError ? unauthorized(err.message) : err;
    });
    return found.user;
  }
  // A repeated parameter counts once, the last one, as Django's QueryDict does.
  const apiKey = Array.isArray(apiKeyParam) ? apiKeyParam[apiKeyParam.length - 1] : apiKeyParam;
  if (typeof apiKey !== 'string') throw missingArgument('api_key');
  return (await authenticator.authenticate({ email: null, apiKey }, realmId)).user;
}

export function authenticateRoute(
  route: Route,
  authenticator: Authenticator,
  realmFor: (host: string | undefined) => Promise<number | null>,
): RequestHandler {
  return async (req, _res, next) => {
    try {
      // Only the gateway speaks for callers: identity headers from outside are dropped.
      delete req.headers[IDENTITY_HEADER];
      delete req.headers[SIGNATURE_HEADER];
      const realmId = await realmFor(req.headers.host);
      const header = req.headers.authorization;
      if (route.auth === 'public') {
        req.identity = { kind: 'anonymous', realmId };
        next();
        return;
      }
      if (route.auth === 'webhook') {
        const user = await authenticateWebhook(route, req.query.api_key, header, authenticator, realmId);
        req.identity = userIdentity(user);
        next();
        return;
      }
      if (!header) throw unauthorized('Not logged in: API authentication or user session required');
      const credentials = parseBasicAuth(header);
      const { user } = await authenticator.authenticate(credentials, realmId).catch((err: unknown) => {
        // Under HTTP Basic every credential error is a 401 without code (Zulip's json_unauthorized).
        throw err instanceof ApiError ? unauthorized(err.message) : err;
      });
      if (user.bot_type === BOT_TYPES.INCOMING_WEBHOOK && !route.webhookBots) {
        throw unauthorized('This API is not available to incoming webhook bots.');
      }
      req.identity = userIdentity(user);
      next();
    } catch (err) {
      next(err);
    }
  };
}
