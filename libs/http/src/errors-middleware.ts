import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError } from '@chat/errors';
import type { Logger } from '@chat/log';
import { sendJson } from './envelope';

/**
 * A path segment the router could not percent-decode (`%E0%A4%A`): the router marks the URIError
 * with status 400. Zulip's URL patterns never match such a path, hence Django's 404.
 */
function undecodablePath(err: object): boolean {
  return err instanceof URIError && (err as { status?: unknown }).status === 400;
}

/**
 * Errors of the body parser (body-parser sets `type`; a body that is not the gzip or deflate its
 * Content-Encoding claims is an exposed 400 from http-errors with no type) are the client's
 * fault (the multipart reader throws ApiErrors itself); any other error, whatever status it
 * carries, is ours and becomes a logged 500.
 */
function clientFault(err: unknown): ApiError | null {
  if (typeof err !== 'object' || err === null) return null;
  if (undecodablePath(err)) return new ApiError('Not Found', { status: 404 });
  const e = err as { type?: unknown; code?: string; expose?: unknown; status?: unknown };
  const badEncoding = e.expose === true && e.status === 400 && typeof e.code === 'string' && e.code.startsWith('Z_');
  const fromParser = typeof e.type === 'string' || badEncoding;
  if (!fromParser) return null;
  if (e.type === 'entity.too.large') return new ApiError('Request body too large', { status: 413 });
  if (e.type === 'parameters.too.many') {
    return new ApiError('Too many parameters', { status: 413 });
  }
  return new ApiError('Malformed request body', { code: 'BAD_REQUEST' });
}

export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/**
 * The one place an error becomes an answer, for express (errorMiddleware) and the event tier's
 * plain polls alike. ApiErrors render as Zulip's envelope; anything else is a 500 whose details go
 * to the log under an id, never to the client.
 */
export function errorAnswer(err: unknown, logger: Logger, request: { method: string; path: string }): ErrorAnswer {
  const apiError = err instanceof ApiError ? err : clientFault(err);
  if (apiError) return { status: apiError.status, body: apiError.body(), headers: apiError.headers };
  const errorId = randomUUID();
  logger.error({ err, errorId, method: request.method, path: request.path }, 'unhandled error');
  return { status: 500, body: { result: 'error', msg: 'Internal server error' }, headers: { 'X-Error-Id': errorId } };
}

export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const answer = errorAnswer(err, logger, req);
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    sendJson(res, answer.status, answer.body);
  };
}

/** Unknown paths get a JSON body too, never an HTML page. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  sendJson(res, 404, { result: 'error', msg: 'Not Found' });
};
