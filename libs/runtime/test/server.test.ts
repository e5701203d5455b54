import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Health } from '@chat/http';
import { createLogger } from '@chat/log';
import { createOperations, listenGracefully, type GracefulServer } from '../src';

const logger = createLogger('silent');

function get(port: number, path: string, agent: Agent): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown sequence', () => {
  let graceful: GracefulServer | undefined;
  afterEach(() => graceful?.server.closeAllConnections());

  it('turns unready, runs drain, waits for requests in flight, then closes connections', async () => {
    const steps: string[] = [];
    let finishSlow!: () => void;
    const slowDone = new Promise<void>((r) => (finishSlow = r));
    const ops = createOperations({ service: 'test', logger, checks: { database: async () => undefined } });
    const app = ops.wrap((req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/slow') {
        void slowDone.then(() => {
          steps.push('slow answered');
          res.end('slow');
        });
        return;
      }
      res.end('ok');
    });
    graceful = await listenGracefully(app, {
      port: 0,
      host: '127.0.0.1',
      logger,
      health: ops.health,
      drain: async () => void steps.push('drain'),
      onShutdown: async () => void steps.push('closed'),
    });
    const { port } = graceful.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const other = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, '/health/ready', agent)).status).toBe(200);

    const slow = get(port, '/slow', other);
    await new Promise((r) => setTimeout(r, 50));
    expect(graceful.inFlight()).toBe(1);
    const done = graceful.shutdown('test');
    await new Promise((r) => setTimeout(r, 50));
    expect(steps).toEqual(['drain']);
    // No new connection is accepted; the request in flight is still being answered.
    await expect(get(port, '/health/live', new Agent())).rejects.toThrow();
    finishSlow();
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, body: 'slow', connection: 'close' });
    await done;
    expect(steps).toEqual(['drain', 'slow answered', 'closed']);
    expect(ops.health.isDraining).toBe(true);
    agent.destroy();
    other.destroy();
  });
});

describe('readiness', () => {
  it('reports each check, fails when one fails or hangs, and when draining', async () => {
    const health = new Health(
      { database: async () => undefined, nats: async () => Promise.reject(new Error('connection refused 10.0.0.7:4222')), redis: () => new Promise(() => undefined) },
      { timeoutMs: 50 },
    );
    const report = await health.report();
    // The reason stays in the log: the answer may be public.
    expect(report).toEqual({ ready: false, draining: false, checks: { database: 'up', nats: 'down', redis: 'down' } });
    const healthy = new Health({ database: async () => undefined });
    expect((await healthy.report()).ready).toBe(true);
    healthy.markDraining();
    expect(await healthy.report()).toEqual({ ready: false, draining: true, checks: { database: 'up' } });
  });
});
