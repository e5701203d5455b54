/**
 * The distributed topology on one machine (`npm run start:distributed`): each service its own
 * process, two event-queue replicas, against the local PostgreSQL, NATS and Redis. The ingress
 * (./ingress.ts, in this process) listens on PORT (9991) and sends /register and /events to the
 * event-queue replicas, the rest to the gateway (on a free port); the services are on the ports
 * after PORT. Ctrl-C (or SIGTERM) shuts every process down gracefully and exits once they all
 * have (docs/operations.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { loadConfig } from '@chat/config';
import { assertPortsFree, serverLimits, withDevelopmentSecrets, withWebPushKeys } from '@chat/runtime';
import { migrateAndSeed } from '../migrate';
import { startIngress } from './ingress';

const root = resolve(__dirname, '../..');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/chat_dev';

interface ProcessSpec {
  name: string;
  entry: string;
  port: number;
}

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolveWait, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolveWait();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listening on port ${port}`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

/** A port nothing listens on now (the gateway's: clients reach it through the ingress). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

function start(spec: ProcessSpec, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, spec.entry)], {
    cwd: root,
    env: { ...env, PORT: String(spec.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${spec.name}] `;
  const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) =>
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line) out.write(prefix + line + '\n');
    });
  relay(child.stdout!, process.stdout);
  relay(child.stderr!, process.stderr);
  return child;
}

/** What SIGINT and SIGTERM do: exit while starting (nothing to stop yet), then stop every process. */
let onStopSignal = (): void => process.exit(0);
process.on('SIGINT', () => onStopSignal());
process.on('SIGTERM', () => onStopSignal());

async function main(): Promise<void> {
  process.env.DATABASE_URL ??= DEFAULT_DATABASE_URL;
  const settings = loadConfig();
  // The ingress's port and the six after it, said in one line before the database is touched.
  await assertPortsFree(
    Array.from({ length: 7 }, (_, i) => settings.port + i),
    '127.0.0.1',
  );
  // Web Push's keys as the embedded server keeps them (DATA_DIR/secrets.json), handed to every process.
  const config = withWebPushKeys(withDevelopmentSecrets(settings));
  await ensureDatabase(config.databaseUrl);
  process.env.INTERNAL_SECRET = config.internalSecret;
  process.env.API_KEY_SECRET = config.apiKeySecret;
  process.env.WEB_PUSH_VAPID_PUBLIC_KEY = config.webPushVapidPublicKey;
  process.env.WEB_PUSH_VAPID_PRIVATE_KEY = config.webPushVapidPrivateKey;
  await migrateAndSeed();

  const base = config.port;
  const services: ProcessSpec[] = [
    { name: 'message', entry: 'services/message/src/main.ts', port: base + 1 },
    { name: 'subscription', entry: 'services/subscription/src/main.ts', port: base + 2 },
    { name: 'settings', entry: 'services/settings/src/main.ts', port: base + 3 },
    { name: 'webhook', entry: 'services/webhook/src/main.ts', port: base + 4 },
    { name: 'event-queue-1', entry: 'services/event-queue/src/main.ts', port: base + 5 },
    { name: 'event-queue-2', entry: 'services/event-queue/src/main.ts', port: base + 6 },
  ];
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    EXTERNAL_HOST: config.externalHost,
    MESSAGE_URL: url(base + 1),
    SUBSCRIPTION_URL: url(base + 2),
    SETTINGS_URL: url(base + 3),
    WEBHOOK_URL: url(base + 4),
    EVENT_QUEUE_URL: `${url(base + 5)},${url(base + 6)}`,
  };

  const children: ChildProcess[] = [];
  let stopping = false;
  // Each process finishes its requests in flight (docs/operations.md); the runner waits for all
  // of them, a little longer than their own grace period, and exits 1 if one failed to stop.
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
    let failed = code;
    let left = running.length;
    if (left === 0) process.exit(code);
    for (const child of running) {
      child.once('exit', (exitCode) => {
        if (exitCode !== 0) failed = 1;
        if (--left === 0) process.exit(failed);
      });
      child.kill('SIGTERM');
    }
    setTimeout(
      () => {
        console.error('[runner] some processes did not stop in time');
        process.exit(1);
      },
      config.shutdownGraceSecs * 1000 + 5000,
    ).unref();
  };
  onStopSignal = () => stopAll(0);
  const supervise = (spec: ProcessSpec) => {
    const child = start(spec, env);
    children.push(child);
    child.on('exit', (code) => {
      if (!stopping) {
        console.error(`[runner] ${spec.name} exited (${code}); stopping the rest`);
        stopAll(1);
      }
    });
  };

  services.forEach(supervise);
  await Promise.all(services.map((s) => waitForPort(s.port, 30_000)));
  const gatewayPort = await freePort();
  supervise({ name: 'gateway', entry: 'services/gateway/src/main.ts', port: gatewayPort });
  await waitForPort(gatewayPort, 30_000);
  const ingress = await startIngress(
    base,
    '127.0.0.1',
    { eventQueue: [url(base + 5), url(base + 6)], gateway: url(gatewayPort) },
    serverLimits(config),
  );
  process.once('exit', () => ingress.close());
  console.log(
    `[runner] distributed topology ready: http://127.0.0.1:${base}/api/v1 (ingress: /register and /events to the ` +
      `event-queue replicas, the rest to the gateway on ${gatewayPort}), services on ${base + 1}-${base + 6}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
