/**
 * Parked long-polls per event-queue process and fan-out delivery (`npm run bench:polls`).
 *
 * For each topology, one server process (the embedded server, or one event-queue replica with
 * Redis and NATS) holds N queues of one user, each with a parked GET /events. Memory per parked
 * poll is the growth of the process's resident set from "N queues registered, none polled" to
 * "N polls parked", divided by N, at N = 1,000 and 10,000. Fan-out is the time from sending one
 * stream message until the last of the N parked polls has returned it.
 * Writes bench/results/parked-polls.json.
 */
import { Agent, request } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityHeaders } from '@chat/http';
import { Client } from 'pg';
import { freshDatabase, startProcess, PROCESS_SECRETS, type ServerProcess } from '@chat/testing';
import { table } from './stats';

const SIZES = (process.env.BENCH_POLL_SIZES ?? '1000,10000').split(',').map(Number);
const TOPOLOGIES = (process.env.BENCH_TOPOLOGIES ?? 'embedded,distributed').split(',');
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

interface Target {
  server: ServerProcess;
  pollHeaders: Record<string, string>;
  send(content: string): Promise<void>;
  stop(): Promise<void>;
}

function call(url: string, method: string, path: string, headers: Record<string, string>, form?: Record<string, string>) {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const req = request(
      `${url}/api/v1${path}`,
      { method, agent, headers: { ...headers, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function basic(url: string, email: string): Promise<Record<string, string>> {
  const body = await call(url, 'POST', '/dev_fetch_api_key', {}, { username: email });
  return { authorization: `Basic ${Buffer.from(`${email}:${String(body.api_key)}`).toString('base64')}` };
}

async function embedded(): Promise<Target> {
  const server = await startProcess('services/standalone/src/main.ts', {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-polls-')),
    EVENT_HEARTBEAT_SECS: '600',
    EVENT_QUEUE_MAX_EVENTS: '100000',
  });
  const hamlet = await basic(server.url, 'hamlet@zulip.com');
  return {
    server,
    pollHeaders: await basic(server.url, 'othello@zulip.com'),
    send: async (content) => {
      await call(server.url, 'POST', '/messages', hamlet, { type: 'stream', to: 'Denmark', topic: 'fan-out', content });
    },
    stop: () => server.stop(),
  };
}

async function distributed(): Promise<Target> {
  const databaseUrl = await freshDatabase('chat_bench_polls');
  const env = { DATABASE_URL: databaseUrl, CHAT_NAMESPACE: `benchpolls${Date.now()}`, EVENT_HEARTBEAT_SECS: '600', EVENT_QUEUE_MAX_EVENTS: '100000' };
  const replica = await startProcess('services/event-queue/src/main.ts', env);
  const message = await startProcess('services/message/src/main.ts', env);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const headersFor = async (email: string) => {
    const { rows } = await db.query('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
    const user = rows[0];
    return identityHeaders(
      { kind: 'user', userId: user.id, realmId: user.realm_id, email: user.email, fullName: user.full_name, isAdmin: false, isGuest: false, isBot: false, botType: null },
      PROCESS_SECRETS.INTERNAL_SECRET,
      Date.now() + 4 * 60_000,
    );
  };
  const hamlet = await headersFor('hamlet@zulip.com');
  const othello = await headersFor('othello@zulip.com');
  return {
    server: replica,
    pollHeaders: othello,
    send: async (content) => {
      await call(message.url, 'POST', '/messages', hamlet, { type: 'stream', to: 'Denmark', topic: 'fan-out', content });
    },
    stop: async () => {
      await db.end();
      await message.stop();
      await replica.stop();
    },
  };
}

async function registerQueues(target: Target, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, () =>
        call(target.server.url, 'POST', '/register', target.pollHeaders, { event_types: '["message"]' }),
      ),
    );
    ids.push(...batch.map((b) => String(b.queue_id)));
  }
  return ids;
}

async function settle(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

async function measure(name: string, target: Target) {
  const rows: Record<string, string | number>[] = [];
  const queues: string[] = [];
  /** The last event id each queue has acknowledged: -1 for a new queue. */
  const acknowledged = new Map<string, number>();
  for (const size of SIZES) {
    for (const queueId of await registerQueues(target, size - queues.length)) {
      queues.push(queueId);
      acknowledged.set(queueId, -1);
    }
    await settle(2000);
    const before = target.server.rss();
    const started = performance.now();
    const polls = queues.map((queueId) =>
      call(
        target.server.url,
        'GET',
        `/events?queue_id=${encodeURIComponent(queueId)}&last_event_id=${acknowledged.get(queueId)}`,
        target.pollHeaders,
      ).then((body) => {
        const events = body.events as { id: number }[] | undefined;
        if (!events?.length) throw new Error(`poll on ${queueId} returned ${JSON.stringify(body)}`);
        acknowledged.set(queueId, events[events.length - 1]!.id);
        return performance.now();
      }),
    );
    await settle(size / 2 + 2000);
    const parked = target.server.rss();
    const sentAt = performance.now();
    await target.send(`fan-out to ${size}`);
    const done = await Promise.all(polls);
    const last = Math.max(...done) - sentAt;
    rows.push({
      topology: name,
      'parked polls': size,
      'KB per parked poll': Math.round(((parked - before) / size / 1024) * 100) / 100,
      'fan-out last delivery ms': Math.round(last),
      'park ms': Math.round(sentAt - started),
    });
  }
  return rows;
}

async function main(): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  for (const [name, start] of [['embedded', embedded], ['distributed', distributed]] as const) {
    if (!TOPOLOGIES.includes(name)) continue;
    const target = await start();
    try {
      rows.push(...(await measure(name, target)));
    } finally {
      await target.stop();
    }
  }
  console.log('\nParked long-polls per process and fan-out to them (one user, N queues)\n');
  console.log(table(rows));
  const dir = join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'parked-polls.json'), JSON.stringify({ date: new Date().toISOString(), rows }, null, 2));
}

main()
  .then(() => process.exit(0))
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
