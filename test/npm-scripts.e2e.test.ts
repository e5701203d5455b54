/**
 * The commands an operator types, as typed: `npm start` and `npm run start:distributed` stop
 * gracefully when npm's own pid gets SIGTERM or SIGINT (npm passes the signal to its script, which
 * must hand it to the server: the scripts exec node), and a port already taken is said in one
 * line, before anything is opened, with a non-zero exit and no stack trace.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Client } from 'pg';
import { waitFor } from '@chat/testing';
import { freePort, freePortRange, isFree, spawnNpm, stopProcess, waitForHttp, type ServerProcess } from './process.harness';

jest.setTimeout(240_000);

const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** The lines the server printed, without npm's banner and npm's own error report. */
function serverLines(proc: ServerProcess): string[] {
  return proc
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('>') && !line.startsWith('npm ') && !line.startsWith('[setup]'));
}

describe('npm start and npm run start:distributed, as processes', () => {
  let dataDir: string;
  const running: ServerProcess[] = [];
  const occupied: Server[] = [];

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-npm-'));
  });
  afterEach(async () => {
    for (const proc of running.splice(0)) await stopProcess(proc);
    for (const server of occupied.splice(0)) await new Promise((resolve) => server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (port: number, extra: Record<string, string> = {}) => ({
    PORT: String(port),
    DATA_DIR: dataDir,
    CHAT_ENV: 'development',
    LOG_LEVEL: 'info',
    INTERNAL_SECRET: '',
    API_KEY_SECRET: '',
    DATABASE_URL: '',
    ...extra,
  });

  it('npm start: SIGTERM to npm stops the server gracefully and frees the port', async () => {
    const port = await freePort();
    const proc = spawnNpm(['start'], env(port));
    running.push(proc);
    await waitForHttp(`http://127.0.0.1:${port}/health/ready`, (status) => status === 200, 120_000, proc);

    proc.child.kill('SIGTERM');
    await proc.exited;
    expect(proc.output()).toContain('"msg":"shut down"');
    expect(await isFree(port)).toBe(true);
    // Saved at a clean shutdown only: the event queues reached the disk.
    expect(existsSync(join(dataDir, 'event-queues.json'))).toBe(true);
  });

  it('npm start: a port in use is one line, before DATA_DIR is touched, exit non-zero', async () => {
    const port = await freePort();
    occupied.push(await occupy(port));
    rmSync(dataDir, { recursive: true, force: true });
    const proc = spawnNpm(['start'], env(port));
    running.push(proc);
    expect(await proc.exited).not.toBe(0);
    expect(serverLines(proc)).toEqual([
      `port ${port} is in use on 127.0.0.1 (another server, or one still running?): stop it, or set PORT to a free port.`,
    ]);
    expect(proc.output()).not.toMatch(/^\s+at /m);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('npm run start:distributed: a port in use among the seven is one line, before the database', async () => {
    const base = await freePortRange(7);
    occupied.push(await occupy(base + 3));
    const database = `chat_npm_${randomBytes(4).toString('hex')}`;
    const proc = spawnNpm(['run', 'start:distributed'], env(base, { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}` }));
    running.push(proc);
    expect(await proc.exited).not.toBe(0);
    expect(serverLines(proc)).toEqual([
      `port ${base + 3} is in use on 127.0.0.1 (another server, or one still running?): stop it, or set PORT to a free port.`,
    ]);
    const admin = new Client({ connectionString: PG_ADMIN });
    await admin.connect();
    try {
      expect((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount).toBe(0);
    } finally {
      await admin.end();
    }
  });

  it('npm run start:distributed: SIGINT to npm stops every process and frees every port', async () => {
    const base = await freePortRange(7);
    const namespace = `npm${randomBytes(4).toString('hex')}`;
    const database = `chat_${namespace}`;
    const proc = spawnNpm(
      ['run', 'start:distributed'],
      env(base, { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`, CHAT_NAMESPACE: namespace }),
    );
    running.push(proc);
    try {
      await waitForHttp(
        `http://127.0.0.1:${base}/api/v1/server_settings`,
        (status, body) => status === 200 && body.includes('"realm_name"'),
        180_000,
        proc,
      );

      proc.child.kill('SIGINT');
      await proc.exited;
      // Each of the seven processes (six services and the gateway) logged its own clean stop.
      expect(proc.output().match(/"msg":"shut down"/g)).toHaveLength(7);
      await waitFor(async () => (await Promise.all(Array.from({ length: 7 }, (_, i) => isFree(base + i)))).every(Boolean));
    } finally {
      const admin = new Client({ connectionString: PG_ADMIN });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).finally(() => admin.end());
      const nc = await connect({ servers: 'nats://127.0.0.1:4222' });
      await (await jetstreamManager(nc)).streams.delete(`${namespace}_events`).catch(() => false);
      await nc.close();
    }
  });
});
