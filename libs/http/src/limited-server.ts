/**
 * Every HTTP server of the project is made here (gateway, services, event tier with its plain
 * /events path, standalone, the embedded loopbacks, the local ingress), with the same deadlines
 * and the same refusal of oversized bodies:
 *
 * - a Content-Length above `maxBodyBytes` is answered 413 (Zulip's envelope, Connection: close)
 *   before a byte of the body is read; with `Expect: 100-continue` the client is never told to send;
 * - headers must arrive within `headersTimeoutMs` (Node answers 408 and closes);
 * - a body that sends no byte for `bodyIdleTimeoutMs` is abandoned and its socket closed; a slow
 *   body that keeps coming is not, so a 25 MB upload on a poor link still completes;
 * - the whole request (headers and body) must arrive within `requestTimeoutMs`, a generous cap.
 *
 * None of these runs while an answer is awaited: a parked long-poll (a GET with no body, up to
 * 55 s without a byte either way) and an idle keep-alive connection between the gateway and a
 * service are left alone (keep-alive has its own keepAliveTimeout).
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';

export interface ServerLimits {
  /** The largest body any endpoint accepts (maxRequestBodyBytes in body-limits.ts). */
  maxBodyBytes: number;
  headersTimeoutMs: number;
  /** Longest silence within a request body; 0: none. */
  bodyIdleTimeoutMs: number;
  /** The whole request, headers and body, must arrive within this; 0: no cap. */
  requestTimeoutMs: number;
}

const TOO_LARGE = `${JSON.stringify({ result: 'error', msg: 'Request body too large' })}\n`;

/**
 * After a 413 the client may still be sending the body it announced; closing with those bytes
 * unread makes the kernel answer them with a reset, which can destroy the 413 in the client's
 * buffers before it reads it. The socket is half-closed instead and what still arrives is read and
 * dropped for this long (nginx's lingering close; Go waits 500 ms).
 */
const LINGER_MS = 2_000;

export function createLimitedServer(handler: RequestListener, limits: ServerLimits): Server {
  const guarded: RequestListener = (req, res) => {
    if (refuseOversizedBody(req, res, limits.maxBodyBytes)) return;
    closeWhenBodyStalls(req, res, limits.bodyIdleTimeoutMs);
    handler(req, res);
  };
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for requests past those two deadlines (its default, 30 s, would let
      // a 20 s header deadline run to 50 s). Only connections in the middle of a request are looked at.
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(limits.headersTimeoutMs / 4))),
    },
    guarded,
  );
  // Without a listener Node answers `Expect: 100-continue` itself, inviting the body it then refuses.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (refuseOversizedBody(req, res, limits.maxBodyBytes)) return;
    res.writeContinue();
    guarded(req, res);
  });
  return server;
}

/** Answers 413 when the announced body is above `maxBytes`; true when it did. */
function refuseOversizedBody(req: IncomingMessage, res: ServerResponse, maxBytes: number): boolean {
  const declared = req.headers['content-length'];
  if (declared === undefined || !(Number(declared) > maxBytes)) return false;
  lingerOnClose(req);
  res.writeHead(413, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(TOO_LARGE),
    Connection: 'close',
  });
  res.end(TOO_LARGE);
  return true;
}

/**
 * Node ends a `Connection: close` answer with socket.destroySoon(), which closes as soon as the
 * answer is written; this socket closes LINGER_MS later instead, or when the client does.
 */
function lingerOnClose(req: IncomingMessage): void {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/**
 * While a body is arriving, a socket silent for `idleMs` is closed. The socket's own inactivity
 * timer does the counting (the HTTP parser refreshes it on every read); it is armed only until the
 * body has been read, so the wait for the answer (a long-poll) never counts.
 */
function closeWhenBodyStalls(req: IncomingMessage, res: ServerResponse, idleMs: number): void {
  const hasBody =
    (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') ||
    req.headers['transfer-encoding'] !== undefined;
  if (idleMs <= 0 || !hasBody) return;
  const socket = req.socket;
  const onIdle = () => {
    if (!req.complete) socket.destroy();
  };
  socket.setTimeout(idleMs);
  socket.on('timeout', onIdle);
  const disarm = () => {
    socket.off('timeout', onIdle);
    // Once the answer is written Node sets the keep-alive timeout itself: leave that one alone.
    if (!res.writableFinished && !socket.destroyed) socket.setTimeout(0);
  };
  req.once('end', disarm);
  res.once('close', () => socket.off('timeout', onIdle));
}
