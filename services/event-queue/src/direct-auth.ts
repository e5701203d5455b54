/**
 * The ingress may send /register and /events straight to the event tier, skipping the gateway
 * hop (as Zulip's nginx sends them to Tornado): such a request carries the client's HTTP Basic
 * credentials, and this replica checks them with the gateway's own library (libs/auth: the same
 * rules, error bodies and cache, which the auth-changes notifications invalidate). A request
 * forwarded by the gateway carries its signed identity instead, and identityFromHeaders reads it.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import { authenticateBasicUser, realmResolver, userIdentity, type Authenticator } from '@chat/auth';
import type { Executor } from '@chat/db';
import { IDENTITY_HEADER, type UserIdentity } from '@chat/http';

/**
 * The user a direct request's credentials name, or null for a request that carries the gateway's
 * identity header instead (valid or not: a forged one must not fall back to other credentials).
 */
export type DirectIdentity = (headers: IncomingHttpHeaders) => Promise<UserIdentity | null>;

export function directIdentity(authenticator: Authenticator, db: Executor): DirectIdentity {
  const realmFor = realmResolver(db);
  return async (headers) => {
    if (headers[IDENTITY_HEADER] !== undefined) return null;
    const realmId = await realmFor(headers.host);
    // Every route the event tier serves needs a user (the route table's auth 'user').
    return userIdentity(await authenticateBasicUser(authenticator, headers.authorization, realmId));
  };
}

export function directAuthentication(identify: DirectIdentity): RequestHandler {
  return async (req, _res, next) => {
    try {
      if (!req.identity) req.identity = (await identify(req.headers)) ?? undefined;
      next();
    } catch (err) {
      next(err);
    }
  };
}
