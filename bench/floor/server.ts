/**
 * The floor: the least a server can do per send on this machine, with no framework.
 * node:http; per send one PostgreSQL transaction inserting the message and one row per
 * subscriber into tables shaped like ours (messages, user_messages), one JetStream publish
 * (awaiting its ack, file storage, with a dedup id, as the relay does), then the subscribers'
 * parked long-polls answered from memory. No auth, no validation, no outbox, no rendering:
 * whatever our server spends beyond this is the price of those.
 *   POST /send            content=...                     -> {"result":"success","id":N}
 *   GET  /events          user=U&last_event_id=N           -> {"result":"success","events":[...]}
 * Started as a process by bench/floor/start.ts with DATABASE_URL, NATS_URL, FLOOR_NAME, PORT.
 *
 * FLOOR_DB=pglite makes it the embedded topology's floor: the same transaction on PGlite under
 * FLOOR_DATA_DIR, in this process, and no JetStream publish (the embedded server's bus is in
 * process too), so what it costs is the database alone.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Pool } from 'pg';

const SUBSCRIBERS = Number(process.env.FLOOR_SUBSCRIBERS ?? 10);
const name = process.env.FLOOR_NAME ?? 'floor';

interface FloorEvent {
  id: number;
  type: 'message';
  message: { id: number; content: string };
}

/** Each subscriber's queue: events not yet acknowledged, and its parked poll if any. */
const queues = Array.from({ length: SUBSCRIBERS }, () => ({
  events: [] as FloorEvent[],
  nextId: 0,
  parked: null as ServerResponse | null,
}));

const TABLES = [
  `CREATE TABLE IF NOT EXISTS messages (
    id bigserial PRIMARY KEY, sender_id int NOT NULL, recipient_id int NOT NULL, subject text NOT NULL,
    content text NOT NULL, rendered_content text NOT NULL, date_sent timestamptz NOT NULL DEFAULT now())`,
  `CREATE TABLE IF NOT EXISTS user_messages (
    user_id int NOT NULL, message_id bigint NOT NULL, flags int NOT NULL DEFAULT 0, PRIMARY KEY (user_id, message_id))`,
];
const INSERT_MESSAGE =
  'INSERT INTO messages (sender_id, recipient_id, subject, content, rendered_content) VALUES (1, 1, $1, $2, $3) RETURNING id';
const INSERT_USER_ROWS = 'INSERT INTO user_messages (user_id, message_id) SELECT u, $1 FROM generate_series(1, $2::int) u';

/** One statement runner, inside a transaction: PostgreSQL through pg, or PGlite in this process. */
type Query = (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
interface FloorDatabase {
  setUp(): Promise<void>;
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function postgresDatabase(): FloorDatabase {
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  return {
    setUp: async () => {
      for (const sql of TABLES) await pool.query(sql);
    },
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work((sql, params) => client.query(sql, params));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function pgliteDatabase(): FloorDatabase {
  const db = new PGlite(process.env.FLOOR_DATA_DIR);
  return {
    setUp: async () => {
      for (const sql of TABLES) await db.exec(sql);
    },
    transaction: (work) => db.transaction((tx) => work((sql, params) => tx.query(sql, params))),
    close: () => db.close(),
  };
}

const usePglite = process.env.FLOOR_DB === 'pglite';
const database = usePglite ? pgliteDatabase() : postgresDatabase();

/** The publish each send makes: a JetStream publish awaiting its ack, or none on the PGlite floor. */
async function setUp(): Promise<(id: number, content: string) => Promise<void>> {
  await database.setUp();
  if (usePglite) return async () => {};
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({ name, subjects: [`${name}.>`], storage: StorageType.File });
  const js = jetstream(nc);
  return async (id, content) => {
    await js.publish(`${name}.messages`, JSON.stringify({ id, content }), { msgID: String(id) });
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString())));
    req.on('error', reject);
  });
}

function insertMessage(content: string): Promise<number> {
  return database.transaction(async (query) => {
    const { rows } = await query(INSERT_MESSAGE, ['bench', content, `<p>${content}</p>`]);
    const id = Number(rows[0]!.id);
    await query(INSERT_USER_ROWS, [id, SUBSCRIBERS]);
    return id;
  });
}

function deliver(messageId: number, content: string) {
  for (const queue of queues) {
    queue.events.push({ id: queue.nextId++, type: 'message', message: { id: messageId, content: `<p>${content}</p>` } });
    // Bounded for runs without pollers (the floor without its polls): nobody prunes the queues.
    if (queue.events.length > 10_000) queue.events.shift();
    if (queue.parked) {
      json(queue.parked, 200, { result: 'success', events: queue.events });
      queue.parked = null;
    }
  }
}

async function main() {
  const publish = await setUp();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://floor');
    if (req.method === 'POST' && url.pathname === '/send') {
      readBody(req)
        .then(async (form) => {
          const content = form.get('content') ?? '';
          const id = await insertMessage(content);
          await publish(id, content);
          deliver(id, content);
          json(res, 200, { result: 'success', id });
        })
        .catch((err: unknown) => json(res, 500, { result: 'error', msg: String(err), code: 'BAD_REQUEST' }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/events') {
      const queue = queues[Number(url.searchParams.get('user'))];
      if (!queue) return json(res, 400, { result: 'error', msg: 'Bad user', code: 'BAD_REQUEST' });
      const last = Number(url.searchParams.get('last_event_id') ?? -1);
      queue.events = queue.events.filter((e) => e.id > last);
      if (queue.events.length > 0) return json(res, 200, { result: 'success', events: queue.events });
      queue.parked = res;
      return;
    }
    json(res, 404, { result: 'error', msg: 'Not found', code: 'BAD_REQUEST' });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(Number(process.env.PORT ?? 9990), process.env.HOST ?? '127.0.0.1');
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close();
    void database.close().then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
