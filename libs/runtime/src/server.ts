import type { RequestListener, Server, ServerResponse } from 'node:http';
import type { Config } from '@chat/config';
import { createLimitedServer, maxRequestBodyBytes, type Health, type ServerLimits } from '@chat/http';
import type { Logger } from '@chat/log';
import { PortInUseError } from './ports';

/**
 * Keep-alive between gateway and services outlives the proxy's idle (60 s), so the server never
 * closes a connection the caller is about to reuse (a request written as the FIN arrives is lost:
 * the gateway's 502). Neither the header nor the request deadline applies to an idle kept-alive
 * connection or to a parked long-poll.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The body cap and the deadlines every server of this configuration applies (@chat/http's limited-server.ts). */
export function serverLimits(config: Config): ServerLimits {
  return {
    maxBodyBytes: maxRequestBodyBytes(config.maxFileUploadSizeMb),
    headersTimeoutMs: config.httpHeadersTimeoutSecs * 1000,
    bodyIdleTimeoutMs: config.httpBodyIdleTimeoutSecs * 1000,
    requestTimeoutMs: config.httpRequestTimeoutSecs * 1000,
  };
}

export interface ServeOptions {
  port: number;
  host: string;
  logger: Logger;
  /** Body cap and deadlines: serverLimits(config). */
  limits: ServerLimits;
  /** Marked draining at SIGTERM, so /health/ready fails while the process finishes its work. */
  health?: Health;
  /**
   * Stops taking work that is not an HTTP request and answers what is parked: bus consumers, the
   * outbox relay, parked long-polls. Runs right after the listener closes, while requests are
   * still in flight (a parked poll only finishes because of it).
   */
  drain?: () => Promise<void>;
  /** Closes connections (bus, queue store, database) once no request is in flight. */
  onShutdown?: () => Promise<void>;
  /**
   * The whole shutdown must fit in this (ms); past it the process exits 1 with whatever is left.
   * Keep it under the pod's terminationGracePeriodSeconds, or Kubernetes kills it first.
   */
  graceMs?: number;
}

export interface GracefulServer {
  server: Server;
  /** Requests being answered right now. */
  inFlight(): number;
  /** The shutdown sequence without the exit (serve() exits after it; tests call it directly). */
  shutdown(reason: string): Promise<void>;
}

const DEFAULT_GRACE_MS = 25_000;

/**
 * An HTTP server that shuts down without dropping a request:
 *   1. readiness fails (the Service stops routing here; the pod's preStop pause covers the
 *      endpoints update), the listener closes, idle keep-alive connections close;
 *   2. drain(): consumers and relay stop, parked long-polls are answered at once;
 *   3. every request in flight finishes (a request arriving on a kept-alive connection meanwhile
 *      is still answered, with Connection: close);
 *   4. onShutdown() closes the bus (NATS drain), the queue store and the database.
 */
export async function listenGracefully(handler: RequestListener, opts: ServeOptions): Promise<GracefulServer> {
  const active = new Set<ServerResponse>();
  let stopping: Promise<void> | null = null;
  let idle: (() => void) | null = null;
  const server = createLimitedServer((req, res) => {
    active.add(res);
    if (stopping) res.setHeader('Connection', 'close');
    res.once('close', () => {
      active.delete(res);
      if (active.size === 0) idle?.();
    });
    handler(req, res);
  }, opts.limits);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Taken between a start's port check and here (a race): the same one-line error as the check.
  await new Promise<void>((resolve, reject) => {
    const refused = (err: NodeJS.ErrnoException) => reject(new PortInUseError(opts.port, opts.host, err.code ?? err.message));
    server.once('error', refused);
    server.listen(opts.port, opts.host, () => {
      server.removeListener('error', refused);
      resolve();
    });
  });
  opts.logger.info({ port: opts.port, host: opts.host }, 'listening');

  const sequence = async (reason: string): Promise<void> => {
    opts.logger.info({ reason, inFlight: active.size }, 'shutting down: no new work');
    opts.health?.markDraining();
    server.close();
    server.closeIdleConnections();
    // A keep-alive client (the gateway's agent) must not send its next request on a socket that
    // closes right after this answer: tell it with the answer.
    for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close');
    try {
      await opts.drain?.();
    } catch (err) {
      opts.logger.error({ err }, 'drain failed');
    }
    if (active.size > 0) {
      opts.logger.info({ inFlight: active.size }, 'waiting for requests in flight');
      await new Promise<void>((resolve) => (idle = resolve));
    }
    server.closeAllConnections();
    try {
      await opts.onShutdown?.();
    } catch (err) {
      opts.logger.error({ err }, 'closing connections failed');
    }
    opts.logger.info('shut down');
  };
  return {
    server,
    inFlight: () => active.size,
    shutdown(reason) {
      stopping ??= sequence(reason);
      return stopping;
    },
  };
}

/**
 * Listens, and on SIGTERM/SIGINT runs the graceful shutdown above, then exits 0 (1 when it did
 * not finish within the grace period). Kubernetes sends SIGTERM, then SIGKILL after the pod's
 * grace period.
 */
export async function serve(handler: RequestListener, opts: ServeOptions): Promise<Server> {
  const graceful = await listenGracefully(handler, opts);
  const onSignal = (signal: string) => {
    const force = setTimeout(() => {
      opts.logger.error({ inFlight: graceful.inFlight() }, 'shutdown exceeded its grace period; exiting');
      process.exit(1);
    }, opts.graceMs ?? DEFAULT_GRACE_MS);
    force.unref();
    void graceful.shutdown(signal).then(() => process.exit(0));
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  return graceful.server;
}
