/**
 * Message fetch benchmark (`npm run bench:fetch`; not part of the test suite). Loads
 * BENCH_MESSAGES (default 1,000,000) messages into PostgreSQL (a database of its own, chat_bench)
 * and into PGlite, with one generate_series INSERT for messages and one per kind of
 * user_messages rows (no client round-trip per row), then for the main narrows:
 *   - prints the EXPLAIN plan of the fetch query and checks it reads an index;
 *   - times GET /messages' domain call (query, hydration, formatting) for the newest 100
 *     messages, BENCH_ROUNDS times, and reports p50/p99.
 * Writes bench/results/fetch-messages.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { createApiKeyCipher, createDatabase, getUserByEmail, migrate, seedDevRealm, type Database } from '@chat/db';
import { getMessages, parseNarrow } from '@chat/message-service';
import { loadMessages } from './lib/generator';
import { summarize, table, type LatencySummary } from './stats';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const PGLITE_MESSAGES = Number(process.env.BENCH_PGLITE_MESSAGES ?? MESSAGES);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'chat_bench';
const VIEWER = 'hamlet@zulip.com';

const NARROWS: Record<string, unknown[]> = {
  'stream+topic': [
    ['stream', 'Denmark'],
    ['topic', 'topic 7'],
  ],
  'pm-with': [['pm-with', 'othello@zulip.com']],
  search: [['search', 'castle ghost']],
};

function urlFor(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function load(db: Database, count: number): Promise<{ seconds: number; userMessages: number }> {
  await seedDevRealm(db.knex, createApiKeyCipher('bench-api-key-secret-0123456789abcdef'));
  return loadMessages(db, count);
}

/** The SQL of the fetch queries getMessages runs for a narrow (captured from knex). */
async function fetchQueries(db: Database, narrow: unknown[]): Promise<{ sql: string; bindings: readonly unknown[] }[]> {
  const captured: { sql: string; bindings: readonly unknown[] }[] = [];
  const listener = (q: { sql: string; bindings?: readonly unknown[] }) => {
    captured.push({ sql: q.sql, bindings: q.bindings ?? [] });
  };
  db.knex.on('query', listener);
  try {
    await fetchOnce(db, narrow);
  } finally {
    db.knex.removeListener('query', listener);
  }
  // The anchor queries: ordered, limited reads of user_messages or messages.
  return captured.filter((q) => /order by/i.test(q.sql) && /limit/i.test(q.sql) && /"(user_messages|messages)" as "(um|m)"/.test(q.sql));
}

async function fetchOnce(db: Database, narrow: unknown[]): Promise<number> {
  const user = await getUserByEmail(db.knex, (await db.knex('realms').where({ string_id: 'zulip' }).first('id')).id, VIEWER);
  const result = await getMessages(db.knex, {
    user: user!,
    anchor: 10000000000000000,
    useFirstUnreadAnchor: false,
    numBefore: 100,
    numAfter: 0,
    narrow: parseNarrow(narrow, JSON.stringify(narrow)),
    applyMarkdown: true,
    clientGravatar: false,
    allowEmptyTopicName: true,
  });
  return (result.messages as unknown[]).length;
}

interface NarrowResult extends LatencySummary {
  returned: number;
  indexScan: boolean;
}

async function measure(db: Database, label: string): Promise<Record<string, NarrowResult>> {
  const results: Record<string, NarrowResult> = {};
  for (const [name, narrow] of Object.entries(NARROWS)) {
    let indexScan = true;
    for (const query of await fetchQueries(db, narrow)) {
      const plan = (await db.knex.raw(`EXPLAIN ${query.sql.replace(/\$\d+/g, '?')}`, query.bindings as never)) as {
        rows: { 'QUERY PLAN': string }[];
      };
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      indexScan &&= /Index (Only )?Scan|Bitmap Index Scan/.test(text) && !/Seq Scan on (messages|user_messages)/.test(text);
      console.log(`\n[${label}] ${name}: EXPLAIN ${query.sql.slice(0, 160)}...\n${text}`);
    }
    let returned = 0;
    for (let i = 0; i < 5; i++) returned = await fetchOnce(db, narrow);
    const samples: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      await fetchOnce(db, narrow);
      samples.push(performance.now() - started);
    }
    results[name] = { ...summarize(samples), returned, indexScan };
  }
  return results;
}

async function postgres(): Promise<{ load: Awaited<ReturnType<typeof load>>; messages: number; fetch: Record<string, NarrowResult> }> {
  await admin(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${BENCH_DB}`);
  const db = await createDatabase({ url: urlFor(BENCH_DB), poolMax: 4 });
  try {
    await migrate(db.knex);
    const loaded = await load(db, MESSAGES);
    console.log(`PostgreSQL: loaded ${MESSAGES} messages, ${loaded.userMessages} user_messages rows in ${loaded.seconds} s`);
    return { load: loaded, messages: MESSAGES, fetch: await measure(db, 'postgres') };
  } finally {
    await db.close();
  }
}

async function pglite(): Promise<{ load: Awaited<ReturnType<typeof load>>; messages: number; fetch: Record<string, NarrowResult> }> {
  const db = await createDatabase({ url: '' });
  try {
    await migrate(db.knex);
    const loaded = await load(db, PGLITE_MESSAGES);
    console.log(`PGlite: loaded ${PGLITE_MESSAGES} messages, ${loaded.userMessages} user_messages rows in ${loaded.seconds} s`);
    return { load: loaded, messages: PGLITE_MESSAGES, fetch: await measure(db, 'pglite') };
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const results = { postgres: await postgres(), pglite: await pglite() };
  const rows = Object.entries(results).flatMap(([engine, r]) =>
    Object.entries(r.fetch).map(([narrow, s]) => ({
      engine,
      messages: r.messages,
      narrow,
      returned: s.returned,
      'index scan': s.indexScan ? 'yes' : 'NO',
      'p50 ms': s.p50,
      'p99 ms': s.p99,
      'max ms': s.max,
    })),
  );
  console.log(`\nFetch of the newest 100 messages as ${VIEWER}, ${ROUNDS} rounds each\n`);
  console.log(table(rows));
  const dir = join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'fetch-messages.json'),
    `${JSON.stringify({ date: new Date().toISOString(), rounds: ROUNDS, results }, null, 2)}\n`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
