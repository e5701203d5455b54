/**
 * The servers' body cap and deadlines as a client meets them, in both topologies, with deadlines
 * of a second: an oversized upload is refused before its body is sent (by the gateway, and by the
 * event tier the ingress sends /register and /events to), a stalled body is cut off, while a slow
 * upload that keeps coming completes through the real upload route (in the distributed topology
 * over the gateway's keep-alive hop to the message service) and long-polls park past every deadline.
 */
import { connect, type Socket } from 'node:net';
import request from 'supertest';
import type { AddressInfo } from 'node:net';
import type { Config } from '@chat/config';
import { maxRequestBodyBytes } from '@chat/http';
import { listenGracefully, serverLimits, type GracefulServer } from '@chat/runtime';
import { startStandalone, type Standalone } from '@chat/standalone';
import { ApiClient, testConfig, testLogger, writeSlowly } from '@chat/testing';
import { startDistributedCluster, type DistributedCluster } from './distributed.harness';

jest.setTimeout(60_000);

const OVERRIDES: Partial<Config> = { httpHeadersTimeoutSecs: 1, httpBodyIdleTimeoutSecs: 1, httpRequestTimeoutSecs: 10 };
/** Long-polls answer after this: longer than the header and body deadlines. */
const HEARTBEAT_MS = 2_500;

interface Exchange {
  socket: Socket;
  text(): string;
  closed: Promise<number>;
}

function rawConnection(url: string): Exchange {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  const socket = connect(Number(port), hostname);
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  return { socket, text: () => text, closed };
}

/** A multipart body holding one file, split into `parts` pieces to send one at a time. */
function multipartUpload(fileBytes: number, parts: number): { contentType: string; pieces: Buffer[] } {
  const boundary = 'limits-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\n`),
    Buffer.alloc(fileBytes, 'z'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const size = Math.ceil(body.length / parts);
  const pieces = Array.from({ length: parts }, (_, i) => body.subarray(i * size, (i + 1) * size));
  return { contentType: `multipart/form-data; boundary=${boundary}`, pieces };
}

describe.each(['embedded', 'distributed'] as const)('request limits (%s)', (topology) => {
  let gatewayUrl: string;
  /** Where the ingress sends /register and /events (the gateway itself when embedded). */
  let eventTierUrl: string;
  let config: Config;
  let hamlet: ApiClient;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    if (topology === 'embedded') {
      config = testConfig(OVERRIDES);
      const standalone: Standalone = await startStandalone({ config, logger: testLogger(), heartbeatMs: () => HEARTBEAT_MS });
      // As services/standalone/src/main.ts serves it.
      const graceful: GracefulServer = await listenGracefully(standalone.app, {
        port: 0,
        host: '127.0.0.1',
        logger: testLogger(),
        limits: serverLimits(config),
        drain: () => standalone.drain(),
      });
      gatewayUrl = `http://127.0.0.1:${(graceful.server.address() as AddressInfo).port}`;
      eventTierUrl = gatewayUrl;
      stop = async () => {
        await graceful.shutdown('test');
        await standalone.stop();
      };
    } else {
      const cluster: DistributedCluster = await startDistributedCluster({ configOverrides: OVERRIDES, heartbeatMs: () => HEARTBEAT_MS });
      config = cluster.config;
      gatewayUrl = cluster.gatewayUrl;
      eventTierUrl = cluster.replicas[0]!.url;
      stop = () => cluster.stop();
    }
    hamlet = await new ApiClient(gatewayUrl).loginAs('hamlet@zulip.com');
  });
  afterAll(() => stop());

  it('answers an upload announcing more than the cap with 413 before any of its body is sent', async () => {
    for (const url of [gatewayUrl, eventTierUrl]) {
      const exchange = rawConnection(url);
      exchange.socket.write(
        `POST /api/v1/user_uploads HTTP/1.1\r\nHost: x\r\nAuthorization: ${hamlet.auth}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 1073741824\r\n\r\n`,
      );
      await exchange.closed;
      expect(exchange.text()).toMatch(
        /^HTTP\/1\.1 413 [^]*\r\nconnection: close\r\n[^]*\r\n\r\n\{"result":"error","msg":"Request body too large"\}\n$/i,
      );
    }
    expect(maxRequestBodyBytes(config.maxFileUploadSizeMb)).toBeLessThan(1073741824);
  });

  it('closes the connection of an upload whose body stops coming', async () => {
    const exchange = rawConnection(gatewayUrl);
    exchange.socket.write(
      `POST /api/v1/user_uploads HTTP/1.1\r\nHost: x\r\nAuthorization: ${hamlet.auth}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 5000\r\n\r\n--b\r\n`,
    );
    const closedAfter = await exchange.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(900);
    expect(closedAfter).toBeLessThan(3_000);
    expect(exchange.text()).toBe('');
  });

  it('completes a slow upload that keeps coming, for longer than the idle deadline in total', async () => {
    const { contentType, pieces } = multipartUpload(200_000, 8);
    const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
    const exchange = rawConnection(gatewayUrl);
    const started = Date.now();
    exchange.socket.write(
      `POST /api/v1/user_uploads HTTP/1.1\r\nHost: x\r\nAuthorization: ${hamlet.auth}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`,
    );
    writeSlowly(exchange.socket, pieces, 400);
    await exchange.closed;
    expect(Date.now() - started).toBeGreaterThan(3_000);
    expect(exchange.text()).toMatch(/^HTTP\/1\.1 200 /);
    const uri = JSON.parse(exchange.text().split('\r\n\r\n')[1]!).uri as string;
    // The root path messages link serves the file itself (under /api/v1 it answers a temporary URL).
    const download = await request(gatewayUrl).get(uri).set('Authorization', hamlet.auth);
    expect(download.status).toBe(200);
    expect(Number(download.headers['content-length'])).toBe(200_000);
  });

  it('parks a long-poll past the header and body deadlines', async () => {
    const registered = await hamlet.post('/register', { event_types: ['message'] });
    const queue = { queue_id: registered.body.queue_id as string, last_event_id: -1 };
    const viaGateway = await hamlet.get('/events', queue);
    expect(viaGateway.body.events).toEqual([expect.objectContaining({ type: 'heartbeat' })]);
    // Straight to the event tier, as the ingress sends it (its plain node:http path).
    const started = Date.now();
    const poll = await request(eventTierUrl)
      .get('/api/v1/events')
      .set('Authorization', hamlet.auth)
      .query({ ...queue, last_event_id: viaGateway.body.events[0].id });
    expect(Date.now() - started).toBeGreaterThanOrEqual(HEARTBEAT_MS - 100);
    expect(poll.body.events).toEqual([expect.objectContaining({ type: 'heartbeat' })]);
  });
});
