/**
 * The distributed topology as real processes for the fault suite: the gateway, the message,
 * settings and subscription services and two event-queue replicas on a fresh PostgreSQL database
 * of their own, with PRIVATE NATS and Redis (libs/testing brokers) that the suite may kill,
 * restart and wipe. Clients reach it as in production, through an ingress (deploy/local's, in the
 * test process): /register and /events to the event-queue replicas, everything else to the
 * gateway. Each process keeps its port across restarts, so clients and the gateway reconnect to
 * the same address, as behind a Kubernetes Service.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import { Client } from 'pg';
import { startIngress } from '../../deploy/local/ingress';
import { freePort, freshDatabase, PROCESS_SECRETS, startPrivateNats, startPrivateRedis, waitFor, type PrivateBroker } from '@chat/testing';

const root = resolve(__dirname, '../..');

export interface Service {
  readonly url: string;
  start(): Promise<void>;
  /** SIGKILL: no shutdown code runs, requests in flight lose their connection. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every process this module started that may still run: if the suite is cut short (a jest timeout
 * leaves its hooks' promises running), none outlives the test process.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function service(entry: string, env: Record<string, string>, port: number): Service {
  let child: ChildProcess | undefined;
  const url = `http://127.0.0.1:${port}`;
  const signal = async (name: NodeJS.Signals) => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((done) => {
      running.once('exit', () => done());
      running.kill(name);
    });
  };
  return {
    url,
    async start() {
      child = spawn(process.execPath, ['--import', 'tsx', join(root, entry)], {
        cwd: root,
        env: { ...process.env, ...PROCESS_SECRETS, LOG_LEVEL: 'error', ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const started = child;
      running.add(started);
      started.once('exit', () => running.delete(started));
      const ready = async (): Promise<boolean> => {
        if (!child || child.exitCode !== null) throw new Error(`${entry} exited while starting`);
        return fetch(`${url}/health/ready`).then(
          (r) => r.status < 500,
          () => false,
        );
      };
      await waitFor(ready, 60_000, { stepMs: 200, what: `${entry} ready` });
    },
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

export interface FaultCluster {
  databaseUrl: string;
  /** Where clients go: the ingress in front of the gateway and the event tier. */
  ingressUrl: string;
  gateway: Service;
  nats: PrivateBroker;
  redis: PrivateBroker;
  message: Service;
  eventQueues: [Service, Service];
  /** A short-lived query on the cluster's database. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export async function startFaultCluster(): Promise<FaultCluster> {
  const [nats, redis] = await Promise.all([startPrivateNats(), startPrivateRedis()]);
  const databaseUrl = await freshDatabase(`fault_${randomBytes(4).toString('hex')}`);
  const env = {
    DATABASE_URL: databaseUrl,
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    CHAT_NAMESPACE: `fault${randomBytes(3).toString('hex')}`,
    // A killed replica's record goes to the other within seconds, not the default 30.
    BUS_ACK_WAIT_SECS: '2',
    // Polls cycle every few seconds, so a poller notices a lost queue promptly.
    EVENT_HEARTBEAT_SECS: '5',
    RATE_LIMIT_PER_MINUTE: '0',
  };
  const message = service('services/message/src/main.ts', env, await freePort());
  const settings = service('services/settings/src/main.ts', env, await freePort());
  const subscription = service('services/subscription/src/main.ts', env, await freePort());
  const eventQueues: [Service, Service] = [
    service('services/event-queue/src/main.ts', env, await freePort()),
    service('services/event-queue/src/main.ts', env, await freePort()),
  ];
  const gateway = service(
    'services/gateway/src/main.ts',
    {
      ...env,
      MESSAGE_URL: message.url,
      SETTINGS_URL: settings.url,
      SUBSCRIPTION_URL: subscription.url,
      // The load sends no webhooks; the gateway only insists that every service has a URL.
      WEBHOOK_URL: `http://127.0.0.1:${await freePort()}`,
      EVENT_QUEUE_URL: eventQueues.map((s) => s.url).join(','),
    },
    await freePort(),
  );
  const processes = [message, settings, subscription, ...eventQueues, gateway];
  let ingress: Server | undefined;
  const teardown = async () => {
    ingress?.closeAllConnections();
    await new Promise((done) => (ingress ? ingress.close(done) : done(undefined)));
    await Promise.all(processes.map((s) => s.kill()));
    await Promise.all([nats.stop(), redis.stop()]);
    const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  };
  try {
    await Promise.all(processes.map((s) => s.start()));
    ingress = await startIngress(await freePort(), '127.0.0.1', {
      eventQueue: eventQueues.map((s) => s.url),
      gateway: gateway.url,
    });
  } catch (err) {
    await teardown();
    throw err;
  }
  const ingressPort = (ingress.address() as { port: number }).port;
  const query = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return {
    databaseUrl,
    ingressUrl: `http://127.0.0.1:${ingressPort}`,
    gateway,
    nats,
    redis,
    message,
    eventQueues,
    query,
    stop: teardown,
  };
}
