/**
 * The request id at the HTTP edge of every process (see @chat/log's context.ts for where it goes
 * next). The gateway accepts a caller's id (a proxy's X-Request-Id) or makes one, writes it back
 * on the request so the HTTP hop forwards it unchanged, and returns it to the client, who can
 * quote it in a bug report.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { currentRequestContext, isValidRequestId, runWithRequestContext } from '@chat/log';

export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdOf(req: IncomingMessage): string | undefined {
  const value = req.headers[REQUEST_ID_HEADER];
  return isValidRequestId(value) ? value : undefined;
}

/** The request's id (the caller's, or a new one), set on the request and the response. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const requestId = requestIdOf(req) ?? randomUUID();
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader('X-Request-Id', requestId);
  return requestId;
}

export function requestContext(): RequestHandler {
  return (req, res, next) => {
    runWithRequestContext({ requestId: assignRequestId(req, res) }, next);
  };
}

/**
 * Re-enters the request's context. Body parsers resume on the socket's stream events, which run
 * in the connection's async context rather than the request's, so the context set by
 * requestContext() is gone by the time a handler runs; the id on the request is not.
 */
export function inRequestContext<T>(req: IncomingMessage, fn: () => T): T {
  const requestId = requestIdOf(req);
  return requestId ? runWithRequestContext({ requestId, authChanges: new Set() }, fn) : fn();
}

/**
 * Names the users whose credentials a request changed, for the gateway that carried it: it drops
 * them from its cache before relaying the answer (gateway's auth-changes.ts), so the caller's next
 * request cannot beat the database's notification there. Services only; the gateway removes it.
 */
export const AUTH_CHANGED_HEADER = 'x-chat-auth-changed';

export function announceAuthChanges(res: Response): void {
  const changed = currentRequestContext()?.authChanges;
  if (changed && changed.size > 0) res.setHeader(AUTH_CHANGED_HEADER, [...changed].join(','));
}
