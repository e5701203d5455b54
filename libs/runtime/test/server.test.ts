import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { loadConfig } from '@chat/config';
import { Health, maxRequestBodyBytes } from '@chat/http';
import { createLogger } from '@chat/log';
import { waitFor } from '@chat/testing';
import { createOperations, listenGracefully, serverLimits, type GracefulServer } from '../src';

const logger = createLogger('silent');
const limits = serverLimits(loadConfig({}));

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
      limits,
      health: ops.health,
      drain: async () => void steps.push('drain'),
      onShutdown: async () => void steps.push('closed'),
    });
    const { port } = graceful.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const other = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, '/health/ready', agent)).status).toBe(200);

    const slow = get(port, '/slow', other);
    await waitFor(() => graceful!.inFlight() === 1, 5_000, { what: 'the slow request in flight' });
    expect(graceful.inFlight()).toBe(1);
    const done = graceful.shutdown('test');
    await waitFor(() => steps.length > 0, 5_000, { what: 'the drain' });
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
      {
        database: async () => undefined,
        nats: async () => Promise.reject(new Error('connection refused 10.0.0.7:4222')),
        redis: () => new Promise(() => undefined),
      },
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

describe('server limits from the configuration', () => {
  it('derives the body cap from MAX_FILE_UPLOAD_SIZE and the deadlines from HTTP_*_SECS', () => {
    const config = loadConfig({
      MAX_FILE_UPLOAD_SIZE: '25',
      HTTP_HEADERS_TIMEOUT_SECS: '7',
      HTTP_BODY_IDLE_TIMEOUT_SECS: '9',
      HTTP_REQUEST_TIMEOUT_SECS: '600',
    });
    // 25 MB and the multipart framing: the upload route's own limit, the largest of all.
    expect(serverLimits(config)).toEqual({
      maxBodyBytes: 26 * 1024 * 1024,
      headersTimeoutMs: 7_000,
      bodyIdleTimeoutMs: 9_000,
      requestTimeoutMs: 600_000,
    });
    // A small upload limit never caps the other endpoints (emoji, webhook payloads) below theirs.
    expect(serverLimits(loadConfig({ MAX_FILE_UPLOAD_SIZE: '1' })).maxBodyBytes).toBe(8 * 1024 * 1024);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECS: '60', HTTP_REQUEST_TIMEOUT_SECS: '30' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_SECS must not exceed/,
    );
    expect(() => loadConfig({ HTTP_BODY_IDLE_TIMEOUT_SECS: '0' })).toThrow(/HTTP_BODY_IDLE_TIMEOUT_SECS must be at least 1/);
  });

  it('answers a body above the cap 413 before it is sent, and passes one at the cap on', async () => {
    let handled = 0;
    const graceful = await listenGracefully(
      (_req: IncomingMessage, res: ServerResponse) => {
        handled += 1;
        res.end('ok');
      },
      { port: 0, host: '127.0.0.1', logger, limits },
    );
    const { port } = graceful.server.address() as AddressInfo;
    const headersOnly = (length: number) =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          // The status line is all this needs; a request that was let through waits for its body.
          if (text.includes('\r\n\r\n')) socket.destroy();
        });
        socket.on('close', () => resolve(text));
        socket.write(`POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`);
      });
    expect(await headersOnly(1073741824)).toMatch(/^HTTP\/1\.1 413 /);
    expect(await headersOnly(maxRequestBodyBytes(25) + 1)).toMatch(/^HTTP\/1\.1 413 /);
    expect(handled).toBe(0);
    expect(await headersOnly(maxRequestBodyBytes(25))).toMatch(/^HTTP\/1\.1 100 Continue/);
    await graceful.shutdown('test');
  });
});
