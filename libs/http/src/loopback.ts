import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLimitedServer, type ServerLimits } from './limited-server';

/**
 * Serves `app` on 127.0.0.1 at a free port, for internal calls in the embedded topology; the
 * port is never published. Returns its base URL and a close function. The embedded server gives
 * it the public servers' limits; a test may leave them out.
 */
export async function loopbackListener(app: RequestListener, limits?: ServerLimits): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = limits ? createLimitedServer(app, limits) : createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
