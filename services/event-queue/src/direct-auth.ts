/**
 * The ingress may send /register and /events straight to the event tier, skipping the gateway
 * hop (as Zulip's nginx sends them to Tornado): such a request carries the client's HTTP Basic
 * credentials, and this replica checks them with the gateway's own library (libs/auth: the same
 * rules, error bodies and cache, which the auth-changes notifications invalidate). A request
 * forwarded by the gateway carries its signed identity instead, and identityFromHeaders reads it.
 *
 * A direct request skipped the gateway's rate limiter too, so it is counted here, with the same
 * limiter on the same windows (@chat/http's RateLimiter); a forwarded one was counted by the
 * gateway, and the embedded topology has no direct requests, so nothing is counted twice.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { authenticateBasicUser, authenticateWebUser, isWebRequest, realmResolver, userIdentity, type Authenticator } from '@chat/auth';
import type { Executor } from '@chat/db';
import { IDENTITY_HEADER, type RateLimiter, type UserIdentity } from '@chat/http';
import type { EventQueueDeps } from './deps';

/**
 * The user a direct request's credentials name, or null for a request that carries the gateway's
 * identity header instead (valid or not: a forged one must not fall back to other credentials).
 */
export type DirectIdentity = (req: IncomingMessage) => Promise<UserIdentity | null>;

/** How this replica identifies direct requests: given an authenticator, it takes them; else none reach it. */
export function directIdentityOf(deps: EventQueueDeps): DirectIdentity | null {
  return deps.authenticator ? directIdentity(deps.authenticator, deps.db.knex, deps.config.externalHost) : null;
}

function directIdentity(authenticator: Authenticator, db: Executor, externalHost: string): DirectIdentity {
  const realmFor = realmResolver(db, externalHost);
  return async (req) => {
    const headers = req.headers;
    if (headers[IDENTITY_HEADER] !== undefined) return null;
    const realmId = await realmFor(headers.host);
    // Every route the event tier serves needs a user (the route table's auth 'user'): a browser's
    // session under /json (its path already rewritten, see takeWebPrefix), else HTTP Basic.
    if (isWebRequest(req)) return authenticateWebUser(authenticator, req.method, headers, realmId);
    return userIdentity(await authenticateBasicUser(authenticator, headers.authorization, realmId));
  };
}

/** Counts a request this replica authenticated itself; throws the 429 past the user's limit. */
export async function limitDirect(limiter: RateLimiter | undefined, identity: UserIdentity, res: ServerResponse): Promise<void> {
  const refused = await limiter?.countUser(identity.userId, res);
  if (refused) throw refused;
}

export function directAuthentication(identify: DirectIdentity, limiter?: RateLimiter): RequestHandler {
  return async (req, res, next) => {
    try {
      if (!req.identity) {
        const identity = await identify(req);
        if (identity) await limitDirect(limiter, identity, res);
        req.identity = identity ?? undefined;
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
