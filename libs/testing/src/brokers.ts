/**
 * Private Redis and NATS servers for fault tests: a suite that kills, restarts or wipes a broker
 * must not touch the shared ones on 6379/4222 that every other suite uses. Each instance gets its
 * own port and (for NATS) its own JetStream directory, and is killed when stopped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes';
import { waitFor } from './waits';

export interface PrivateBroker {
  url: string;
  port: number;
  /** SIGKILL then start again on the same port with the same data directory. */
  restart(options?: { wipe?: boolean }): Promise<void>;
  /** SIGKILL: like a crashed host, no shutdown code runs. */
  kill(): Promise<void>;
  start(): Promise<void>;
  /** Deletes the broker's storage (NATS: the JetStream directory); call while it is killed. */
  wipe(): void;
  stop(): Promise<void>;
}

/** The path of a broker binary, or a clear error naming what to install. */
export function brokerBinary(name: 'redis-server' | 'nats-server'): string {
  for (const candidate of [`/usr/bin/${name}`, `/usr/sbin/${name}`, `/usr/local/bin/${name}`]) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  const hint = name === 'redis-server' ? 'apt-get install redis-server' : 'apt-get install nats-server';
  throw new Error(`the fault tests start a private ${name}, which is not installed (Debian: ${hint})`);
}

export function startPrivateRedis(): Promise<PrivateBroker> {
  return privateBroker(
    'redis-server',
    (port) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--logfile', ''],
    (port) => `redis://127.0.0.1:${port}`,
  );
}

export function startPrivateNats(): Promise<PrivateBroker> {
  const storeDir = mkdtempSync(join(tmpdir(), 'chat-nats-'));
  return privateBroker(
    'nats-server',
    (port) => ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir],
    (port) => `nats://127.0.0.1:${port}`,
    storeDir,
  );
}

async function privateBroker(
  name: 'redis-server' | 'nats-server',
  args: (port: number) => string[],
  url: (port: number) => string,
  dataDir?: string,
): Promise<PrivateBroker> {
  const binary = brokerBinary(name);
  const port = await freePort();
  let child: ChildProcess | undefined;
  const broker: PrivateBroker = {
    url: url(port),
    port,
    async start() {
      child = spawn(binary, args(port), { stdio: 'ignore' });
      await waitListening(port, name);
    },
    async kill() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((done) => {
        running.once('exit', () => done());
        running.kill('SIGKILL');
      });
    },
    wipe() {
      if (dataDir) rmSync(join(dataDir, 'jetstream'), { recursive: true, force: true });
    },
    async restart(options = {}) {
      await broker.kill();
      if (options.wipe) broker.wipe();
      await broker.start();
    },
    async stop() {
      await broker.kill();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await broker.start();
  return broker;
}

function waitListening(port: number, name: string): Promise<void> {
  return waitFor(() => accepts(port), 15_000, { stepMs: 50, what: `${name} listening on ${port}` });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}
