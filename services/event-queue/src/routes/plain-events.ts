/**
 * GET /api/v1/events on plain node:http. A parked long-poll is the one request this process holds
 * by the thousand, and on express each one also held two routers' closures and bound functions,
 * a request context, body-parser state, res.locals and a parsed URL: a heap snapshot of 580
 * parked polls put ~16 KB of heap on each. Here a poll keeps its socket, its req/res, one abort
 * controller, one waiter and one close listener.
 *
 * Only the steady-state poll comes this way: GET, no body, a queue_id. Everything else (a body,
 * implicit registration, DELETE, /register) goes to the express app, which answers GET /events
 * the same way (answerPoll, ../actions/answer-poll.ts) with the same declared parameters, identity rules and errors.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { takeWebPrefix } from '@chat/auth';
import { acceptedInternalSecrets } from '@chat/config';
import { eventQueueEndpoints as api } from '@chat/contracts';
import {
  API_PREFIX,
  assignRequestId,
  checkAuth,
  errorAnswer,
  IDENTITY_HEADER,
  jsonText,
  parseParams,
  recordRequestWhenClosed,
  SIGNATURE_HEADER,
  verifyIdentityHeaders,
  type Identity,
  type Metrics,
} from '@chat/http';
import { runWithRequestContext } from '@chat/log';
import { answerPoll } from '../actions/answer-poll';
import type { EventQueueDeps } from '../deps';
import { directIdentityOf, limitDirect, type DirectIdentity } from '../direct-auth';

type RawParams = Parameters<typeof parseParams>[1];

const EVENTS_PATH = `${API_PREFIX}/events`;
const ROUTE = EVENTS_PATH;

export interface PlainEventsOptions {
  /** The process's request histogram (ops.wrap times and logs the requests express serves). */
  requestDuration?: Metrics['requestDuration'];
}

/** Serves the request if it is a plain poll (true), or leaves it untouched for express (false). */
export type PlainHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export function plainEventsHandler(deps: EventQueueDeps, options: PlainEventsOptions = {}): PlainHandler {
  const identify = directIdentityOf(deps);
  // The request id, access-log line, metric and error answers are @chat/http's, as for express.
  const serve = (req: IncomingMessage, res: ServerResponse, raw: RawParams): void => {
    const requestId = assignRequestId(req, res);
    recordRequestWhenClosed(req, res, { logger: deps.logger, requestDuration: options.requestDuration, route: () => ROUTE });
    runWithRequestContext({ requestId }, () => {
      poll(deps, identify, req, res, raw).catch((err: unknown) => sendError(deps, res, err));
    });
  };
  return (req, res) => {
    // A browser's /json/events is the same poll (its session is checked in identityOf).
    takeWebPrefix(req);
    const raw = plainPollParams(req);
    if (!raw) return false;
    serve(req, res, raw);
    return true;
  };
}

/** A replica's request listener: plain polls here, everything else to `fallback` (express). */
export function withPlainEvents(plain: PlainHandler, fallback: RequestListener): RequestListener {
  return (req, res) => {
    if (!plain(req, res)) fallback(req, res);
  };
}

/** The query of a GET /events with a queue_id and no body; null for anything express should see. */
function plainPollParams(req: IncomingMessage): RawParams | null {
  if (req.method !== 'GET' || !req.url) return null;
  const mark = req.url.indexOf('?');
  if (mark < 0 || req.url.slice(0, mark) !== EVENTS_PATH) return null;
  const length = req.headers['content-length'];
  if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined) return null;
  // node:querystring is what express's default ("simple") query parser uses: same values, same arrays.
  const raw = parseQuery(req.url.slice(mark + 1)) as RawParams;
  return raw.queue_id === undefined ? null : raw;
}

async function poll(
  deps: EventQueueDeps,
  identify: DirectIdentity | null,
  req: IncomingMessage,
  res: ServerResponse,
  raw: RawParams,
): Promise<void> {
  const identity = checkAuth(api.getEvents, await identityOf(deps, identify, req, res));
  const params = parseParams(api.getEvents, raw);
  if (identity.kind !== 'user') throw new Error('checkAuth let a non-user through');
  const query = {
    queueId: params.queue_id as string,
    lastEventId: params.last_event_id as number | undefined,
    dontBlock: params.dont_block === true,
  };
  const answer = await answerPoll(deps, query, identity.userId, res);
  if (answer !== null) sendText(res, 200, answer);
}

/**
 * The gateway's signed identity, or the client's own credentials when it came straight here (then
 * counted by the rate limiter, as the express path does).
 */
async function identityOf(
  deps: EventQueueDeps,
  identify: DirectIdentity | null,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Identity | undefined> {
  const signed = verifyIdentityHeaders(
    headerText(req, IDENTITY_HEADER),
    headerText(req, SIGNATURE_HEADER),
    acceptedInternalSecrets(deps.config),
  );
  if (signed) return signed;
  const direct = await identify?.(req);
  if (direct) await limitDirect(deps.rateLimiter, direct, res);
  return direct ?? undefined;
}

function headerText(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function sendError(deps: EventQueueDeps, res: ServerResponse, err: unknown): void {
  const answer = errorAnswer(err, deps.logger, { method: 'GET', path: EVENTS_PATH });
  sendText(res, answer.status, jsonText(answer.body), answer.headers);
}
