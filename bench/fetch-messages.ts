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
import { getMessages } from '@chat/message-service/src/domain/get-messages';
import { parseNarrow } from '@chat/message-service/src/domain/narrow';
import { summarize, table, type LatencySummary } from './stats';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const PGLITE_MESSAGES = Number(process.env.BENCH_PGLITE_MESSAGES ?? MESSAGES);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'chat_bench';
const VIEWER = 'hamlet@zulip.com';

/** ~120 words; "castle" and "ghost" are among them, so a search matches a few percent of rows. */
const WORDS = (
  'the a to of and in is it you that he was for on are with as his they be at one have this from or had by hot word but ' +
  'what some we can out other were all there when up use your how said an each she which do their time if will way about ' +
  'many then them write would like so these her long make thing see him two has look more day could go come did number ' +
  'sound no most people my over know water than call first who may down side been now find any new work part take get ' +
  'place made live where after back little only round man year came show every good me give our under name very through ' +
  'just form sentence great think say help low line differ turn cause much mean before move right boy old too same castle ghost'
).split(' ');

const NARROWS: Record<string, unknown[]> = {
  'stream+topic': [['stream', 'Denmark'], ['topic', 'topic 7']],
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
  const started = performance.now();
  const k = db.knex;
  await seedDevRealm(k, createApiKeyCipher('bench-api-key-secret-0123456789abcdef'));
  const realm = (await k('realms').where({ string_id: 'zulip' }).first('id')) as { id: number };
  const users = (await k('users').where({ realm_id: realm.id, is_bot: false }).orderBy('id').select('id', 'recipient_id')) as {
    id: number;
    recipient_id: number;
  }[];
  const streams = (await k('streams').where({ realm_id: realm.id }).orderBy('id').select('id', 'recipient_id')) as {
    id: number;
    recipient_id: number;
  }[];
  // The GIN index is built once after the load: far cheaper than maintaining it row by row.
  await k.raw('DROP INDEX IF EXISTS messages_search');
  // One message in ten is private (1:1 between two of the eight users); the rest go to the five
  // streams, 200 topics each, with twelve words drawn from WORDS.
  await k.raw(
    `INSERT INTO messages (realm_id, sender_id, recipient_id, stream_id, subject, content, rendered_content, sending_client, date_sent)
     SELECT :realm,
            u.ids[1 + abs(hashint4(i)) % u.n],
            CASE WHEN i % 10 = 0 THEN u.rcpts[1 + abs(hashint4(-i)) % u.n] ELSE s.rcpts[1 + i % s.n] END,
            CASE WHEN i % 10 = 0 THEN NULL ELSE s.ids[1 + i % s.n] END,
            CASE WHEN i % 10 = 0 THEN '' ELSE 'topic ' || ((i / 7) % 200) END,
            c.text, '<p>' || c.text || '</p>', 'bench', now() - make_interval(secs => :count - i)
     FROM generate_series(1, :count) AS i
     CROSS JOIN (SELECT :uids::int[] AS ids, :urcpts::int[] AS rcpts, cardinality(:uids::int[]) AS n) AS u
     CROSS JOIN (SELECT :sids::int[] AS ids, :srcpts::int[] AS rcpts, cardinality(:sids::int[]) AS n) AS s
     CROSS JOIN LATERAL (
       SELECT array_to_string(array_agg((:words::text[])[1 + abs(hashint8(i::bigint * 64 + w)) % cardinality(:words::text[])]), ' ') AS text
       FROM generate_series(1, 12) AS w
     ) AS c`,
    {
      realm: realm.id,
      count,
      uids: users.map((u) => u.id),
      urcpts: users.map((u) => u.recipient_id),
      sids: streams.map((s) => s.id),
      srcpts: streams.map((s) => s.recipient_id),
      words: WORDS,
    },
  );
  // Stream messages reach every subscriber; two in three are read.
  await k.raw(`
    INSERT INTO user_messages (user_id, message_id, flags)
    SELECT sub.user_id, m.id, CASE WHEN m.id % 3 = 0 THEN 0 ELSE 1 END
    FROM messages m JOIN subscriptions sub ON sub.stream_id = m.stream_id AND sub.active
    WHERE m.stream_id IS NOT NULL`);
  // Private messages reach the recipient and the sender (once for a note to self).
  await k.raw(`
    INSERT INTO user_messages (user_id, message_id, flags)
    SELECT DISTINCT x.user_id, x.message_id, 2048 | 1
    FROM (
      SELECT r.type_id AS user_id, m.id AS message_id FROM messages m JOIN recipients r ON r.id = m.recipient_id WHERE m.stream_id IS NULL
      UNION ALL
      SELECT m.sender_id, m.id FROM messages m WHERE m.stream_id IS NULL
    ) AS x`);
  await k.raw('CREATE INDEX messages_search ON messages USING gin (search_tsvector)');
  // As autovacuum would: statistics, and the visibility map that index-only scans need.
  await k.raw('VACUUM ANALYZE');
  const um = (await k('user_messages').count({ n: '*' }).first()) as { n: number | string };
  return { seconds: Math.round((performance.now() - started) / 100) / 10, userMessages: Number(um.n) };
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
      const plan = (await db.knex.raw(`EXPLAIN ${query.sql.replace(/\$\d+/g, '?')}`, query.bindings as never)) as { rows: { 'QUERY PLAN': string }[] };
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
  writeFileSync(join(dir, 'fetch-messages.json'), `${JSON.stringify({ date: new Date().toISOString(), rounds: ROUNDS, results }, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
