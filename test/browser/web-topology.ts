/**
 * A server for the browser suite, in either topology, on a real port a browser can open, with a
 * way to restart its event tier under the browser's feet:
 * - embedded: the one process stops (saving its queues, as npm start's shutdown does) and starts
 *   again on the same port and PGlite directory;
 * - distributed: the in-process cluster behind the local ingress (deploy/local/ingress.ts, which
 *   sends /json/register and /json/events to the event tier); the event tier is reached through a
 *   TCP relay that the restart cuts (every connection dropped, new ones refused) while Redis loses
 *   the queues, so clients see both a lost connection and BAD_EVENT_QUEUE_ID.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createConnection, createServer, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import request from 'supertest';
import { startStandalone, type Standalone } from '@chat/standalone';
import { basicAuth, testConfig, testLogger } from '@chat/testing';
import { startIngress } from '../../deploy/local/ingress';
import { startDistributedCluster } from '../distributed.harness';
import { freePort } from '../process.harness';

export type TopologyName = 'embedded' | 'distributed';

export interface WebTopology {
  name: TopologyName;
  url: string;
  /** Restarts the event tier; `whileDown` runs while it is away (distributed: messages may still be sent). */
  restartEventTier(whileDown?: () => Promise<void>): Promise<void>;
  /** An API client's Authorization header for a development user. */
  apiAuth(email: string): Promise<string>;
  stop(): Promise<void>;
}

/** Heartbeats every few seconds, so the clients' polls cycle as they would over a long session. */
const HEARTBEAT_MS = () => 5_000;

export async function startWebTopology(name: TopologyName): Promise<WebTopology> {
  const topology = name === 'embedded' ? await embedded() : await distributed();
  const keys = new Map<string, string>();
  return {
    ...topology,
    async apiAuth(email) {
      if (!keys.has(email)) {
        const res = await request(topology.url).post('/api/v1/dev_fetch_api_key').type('form').send({ username: email });
        keys.set(email, basicAuth(email, res.body.api_key as string));
      }
      return keys.get(email)!;
    },
  };
}

function listen(server: Server | TcpServer, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function embedded(): Promise<Omit<WebTopology, 'apiAuth'>> {
  const dir = mkdtempSync(join(tmpdir(), 'web-embedded-'));
  const config = testConfig();
  const port = await freePort();
  const start = async (): Promise<{ server: Standalone; http: Server }> => {
    const server = await startStandalone({
      config,
      logger: testLogger(),
      pgliteDir: join(dir, 'pglite'),
      queueFile: join(dir, 'event-queues.json'),
      heartbeatMs: HEARTBEAT_MS,
    });
    const http = createHttpServer(server.app);
    await listen(http, port);
    return { server, http };
  };
  let running = await start();
  const shutdown = async () => {
    await running.server.drain();
    await close(running.http);
    await running.server.stop();
  };
  return {
    name: 'embedded',
    url: `http://127.0.0.1:${port}`,
    async restartEventTier(whileDown) {
      await shutdown();
      await whileDown?.();
      running = await start();
    },
    async stop() {
      await shutdown();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP relay to `target` that can be cut: every connection dropped and new ones refused. */
async function cuttableRelay(
  target: string,
): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  const make = () =>
    createServer((client) => {
      const upstream = createConnection(Number(targetPort), hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  let server = make();
  await listen(server, 0);
  const port = (server.address() as AddressInfo).port;
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    async cut() {
      const closed = stopListening();
      for (const s of sockets) s.destroy();
      await closed;
    },
    async restore() {
      server = make();
      await listen(server, port);
    },
    async close() {
      for (const s of sockets) s.destroy();
      await stopListening().catch(() => undefined);
    },
  };
}

async function distributed(): Promise<Omit<WebTopology, 'apiAuth'>> {
  const cluster = await startDistributedCluster({ heartbeatMs: HEARTBEAT_MS });
  const relays = await Promise.all(cluster.replicas.map((r) => cuttableRelay(r.url)));
  const port = await freePort();
  const ingress = await startIngress(port, '127.0.0.1', { eventQueue: relays.map((r) => r.url), gateway: cluster.gatewayUrl });
  const redis = new Redis(cluster.config.redisUrl);
  return {
    name: 'distributed',
    url: `http://127.0.0.1:${port}`,
    async restartEventTier(whileDown) {
      for (const relay of relays) await relay.cut();
      // The queues go with the restart, as when Redis loses its data: clients must register again.
      const keys = await redis.keys(`${cluster.config.namespace}:eq:*`);
      if (keys.length > 0) await redis.del(...keys);
      await whileDown?.();
      for (const relay of relays) await relay.restore();
    },
    async stop() {
      await close(ingress);
      for (const relay of relays) await relay.close();
      redis.disconnect();
      await cluster.stop();
    },
  };
}
