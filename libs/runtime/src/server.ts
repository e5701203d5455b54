import { createServer, type Server } from 'node:http';
import type { RequestListener } from 'node:http';
import type { Logger } from '@chat/log';

/**
 * Listens, and closes gracefully on SIGTERM/SIGINT: stop accepting, run the service's own
 * shutdown (consumers, relay, connections), then exit. Kubernetes sends SIGTERM before killing.
 */
export async function serve(
  handler: RequestListener,
  opts: { port: number; host: string; logger: Logger; onShutdown?: () => Promise<void> },
): Promise<Server> {
  const server = createServer(handler);
  // Long-polls last up to a minute; keep-alive between gateway and services outlives the proxy's idle.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host, resolve));
  opts.logger.info({ port: opts.port, host: opts.host }, 'listening');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    opts.logger.info({ signal }, 'shutting down');
    server.close();
    server.closeIdleConnections();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await opts.onShutdown?.();
    } catch (err) {
      opts.logger.error({ err }, 'shutdown failed');
    }
    server.closeAllConnections();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return server;
}
