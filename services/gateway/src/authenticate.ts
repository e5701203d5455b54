/**
 * The gateway's authentication step for one route: who is calling, in Zulip's terms and with
 * Zulip's error bodies (behaviour notes 1.4).
 */
import type { Request, RequestHandler } from 'express';
import {
  authenticateBasicUser,
  authenticateWebUser,
  Authenticator,
  checkAnonymousCsrf,
  isWebRequest,
  parseBasicAuth,
  userIdentity,
} from '@chat/auth';
import type { UserRow } from '@chat/db';
import { ApiError, missingArgument, notFound, unauthorized } from '@chat/errors';
import { IDENTITY_HEADER, SIGNATURE_HEADER, type AnonymousIdentity } from '@chat/http';
import type { Route } from './route-table';

export { realmResolver } from '@chat/auth';

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

/** Nobody yet: the realm the Host names, and the client's address for the limits kept per IP. */
function anonymous(req: Request, realmId: number | null): AnonymousIdentity {
  const clientAddress = req.ip ?? req.socket.remoteAddress;
  return clientAddress === undefined ? { kind: 'anonymous', realmId } : { kind: 'anonymous', realmId, clientAddress };
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
      if (isWebRequest(req)) {
        // A browser (/json, or an upload it fetches): its session, with the CSRF checks. Incoming
        // webhooks are integrations', served only under /api/v1, as Zulip does.
        if (route.auth === 'webhook') throw notFound();
        if (route.auth === 'public') checkAnonymousCsrf(req.method, req.headers);
        req.identity =
          route.auth === 'public' ? anonymous(req, realmId) : await authenticateWebUser(authenticator, req.method, req.headers, realmId);
        next();
        return;
      }
      // Logging in and out of a browser session exists only under /json.
      if (route.webOnly) throw notFound();
      const header = req.headers.authorization;
      if (route.auth === 'public') {
        req.identity = anonymous(req, realmId);
        next();
        return;
      }
      if (route.auth === 'webhook') {
        const user = await authenticateWebhook(route, req.query.api_key, header, authenticator, realmId);
        req.identity = userIdentity(user);
        next();
        return;
      }
      const user = await authenticateBasicUser(authenticator, header, realmId, { webhookBots: route.webhookBots });
      req.identity = userIdentity(user);
      next();
    } catch (err) {
      next(err);
    }
  };
}
