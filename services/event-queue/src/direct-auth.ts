/**
 * The ingress may send /register and /events straight to the event tier, skipping the gateway
 * hop (as Zulip's nginx sends them to Tornado): such a request carries the client's HTTP Basic
 * credentials, and this replica checks them with the gateway's own library (libs/auth: the same
 * rules, error bodies and cache, which the auth-changes notifications invalidate). A request
 * forwarded by the gateway carries its signed identity instead, and identityFromHeaders reads it.
 */
import type { RequestHandler } from 'express';
import { authenticateBasicUser, realmResolver, userIdentity, type Authenticator } from '@chat/auth';
import type { Executor } from '@chat/db';
import { IDENTITY_HEADER } from '@chat/http';

export function directAuthentication(authenticator: Authenticator, db: Executor): RequestHandler {
  const realmFor = realmResolver(db);
  return async (req, _res, next) => {
    if (req.identity || req.headers[IDENTITY_HEADER] !== undefined) {
      next();
      return;
    }
    try {
      const realmId = await realmFor(req.headers.host);
      // Every route the event tier serves needs a user (the route table's auth 'user').
      req.identity = userIdentity(await authenticateBasicUser(authenticator, req.headers.authorization, realmId));
      next();
    } catch (err) {
      next(err);
    }
  };
}
