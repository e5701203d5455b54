/**
 * A service names, in a header of its answer, the users whose credentials the request changed
 * (deactivation, a new API key, a new password, logout: AUTH_CHANGED_HEADER in @chat/http). The
 * gateway that carried the request drops them from its cache as the answer's headers are written,
 * and removes the header, so the caller's very next request is checked against the database even
 * when the database's notification (watchAuthChanges, which reaches every other process) has not
 * arrived yet. Works the same whether the service is in-process or across an HTTP hop.
 */
import type { RequestHandler } from 'express';
import onHeaders from 'on-headers';
import type { Authenticator } from '@chat/auth';
import { AUTH_CHANGED_HEADER } from '@chat/http';

export function dropChangedCredentials(authenticator: Authenticator): RequestHandler {
  return (_req, res, next) => {
    onHeaders(res, function dropNamedUsers() {
      const named = res.getHeader(AUTH_CHANGED_HEADER);
      if (named === undefined) return;
      res.removeHeader(AUTH_CHANGED_HEADER);
      for (const id of String(named).split(',')) {
        const userId = Number(id);
        if (Number.isInteger(userId)) authenticator.invalidateUser(userId);
      }
    });
    next();
  };
}
