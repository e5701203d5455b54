/**
 * Real server processes for tests and benchmarks that need a process boundary: killing a replica
 * with SIGKILL, sending SIGTERM, measuring one process's memory without the clients' sockets.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { waitFor } from './waits';

const root = resolve(__dirname, '../../..');

export const PROCESS_SECRETS = {
  INTERNAL_SECRET: 'process-internal-secret-0123456789abcdef',
  API_KEY_SECRET: 'process-api-key-secret-0123456789abcdef',
};

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resident set size in bytes, as the kernel accounts the process (VmRSS). */
  rss(): number;
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs. */
  kill(): Promise<void>;
}

export async function startProcess(entry: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // CHILD_NODE_ARGS passes flags to the server process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.CHILD_NODE_ARGS ? process.env.CHILD_NODE_ARGS.split(' ') : [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(root, entry)], {
    cwd: root,
    // Rate limiting and the per-user limit of renders in flight off unless `env` turns them on:
    // tests and benches make many requests per user, some at once.
    env: {
      ...process.env,
      ...PROCESS_SECRETS,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      RENDER_PER_USER_IN_FLIGHT: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const answers = async (): Promise<boolean> => {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    // Refused while it is not listening yet.
    return fetch(`${url}/api/v1/server_settings`).then(
      (response) => response.status < 500,
      () => false,
    );
  };
  await waitFor(answers, 60_000, { stepMs: 200, what: `${entry} answering` });
  return {
    url,
    pid: child.pid!,
    rss: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
      return kb * 1024;
    },
    stop: () => signal(child, 'SIGTERM'),
    kill: () => signal(child, 'SIGKILL'),
  };
}

function signal(child: ChildProcess, name: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill(name);
  });
}

/** A fresh database for the distributed benchmarks, migrated and seeded by deploy/migrate.ts. */
export async function freshDatabase(name: string): Promise<string> {
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  await new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'deploy/migrate.ts')], {
      cwd: root,
      env: { ...process.env, ...PROCESS_SECRETS, DATABASE_URL: url, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`migrate exited ${code}`))));
  });
  return url;
}
