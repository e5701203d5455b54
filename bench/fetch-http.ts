/**
 * GET /messages over HTTP on a large database (`npm run bench:fetch`): BENCH_MESSAGES
 * (default 1,000,000) messages loaded by the fast generator (lib/generator.ts) before the server
 * starts (for the embedded topology into the standalone server's PGlite data directory, the only
 * moment it can be reached), then BENCH_ROUNDS sequential fetches of the newest 100 messages of
 * one stream+topic as hamlet, through the public API (the gateway in the distributed topology).
 * The floor beside it: the one SQL query that reads those 100 rows with their flags, timed on
 * the same database from the loading process, with no HTTP, auth or formatting.
 * `npm run bench:fetch-domain` still times the domain call alone and prints the query plans.
 */
import type { Database } from '@chat/db';
import { ROUNDS, timeRounds, timeTopicFetch } from './lib/fetch-timing';
import { runScenario } from './lib/run';
import { loadMessages } from './lib/generator';
import { startTopology, TOPOLOGIES, type TopologyName } from './lib/topology';
import { writeResult, type Figure } from './report/output';
import { renderBarChart } from './report/svg';
import { table, type LatencySummary } from './stats';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);

interface Measured {
  topology: TopologyName;
  messages: number;
  loadSeconds: number;
  returned: number;
  http: LatencySummary;
  sqlFloor: LatencySummary;
}

/**
 * The floor: the newest 100 of the topic's messages that hamlet has, with their flags, in one
 * query read backwards along messages_recipient_topic (recipient_id, lower(subject), id).
 */
async function sqlFloor(db: Database): Promise<LatencySummary> {
  const hamlet = (await db.knex('users').whereRaw('lower(email) = ?', ['hamlet@zulip.com']).first('id')) as { id: number };
  const denmark = (await db.knex('streams').where({ name: 'Denmark' }).first('recipient_id')) as { recipient_id: number };
  return timeRounds(() =>
    db.knex.raw(
      `SELECT m.id, m.sender_id, m.subject, m.content, m.rendered_content, m.date_sent, um.flags
       FROM messages m JOIN user_messages um ON um.message_id = m.id AND um.user_id = ?
       WHERE m.recipient_id = ? AND lower(m.subject) = 'topic 7'
       ORDER BY m.id DESC LIMIT 100`,
      [hamlet.id, denmark.recipient_id],
    ),
  );
}

async function measure(name: TopologyName): Promise<Measured> {
  let loadSeconds = 0;
  let floor: LatencySummary | null = null;
  console.log(`${name}: loading ${MESSAGES} messages`);
  const topology = await startTopology(name, async (db) => {
    loadSeconds = (await loadMessages(db, MESSAGES)).seconds;
    floor = await sqlFloor(db);
  });
  try {
    console.log(`${name}: loaded in ${loadSeconds} s; fetching`);
    const { http, returned } = await timeTopicFetch(topology.url);
    return { topology: name, messages: MESSAGES, loadSeconds, returned, http, sqlFloor: floor! };
  } finally {
    await topology.stop();
  }
}

async function main(): Promise<void> {
  const results: Measured[] = [];
  for (const name of TOPOLOGIES) results.push(await measure(name));
  const rows = results.map((r) => ({
    topology: r.topology,
    messages: r.messages,
    'load s': r.loadSeconds,
    returned: r.returned,
    'HTTP p50 ms': r.http.p50,
    'HTTP p99 ms': r.http.p99,
    'SQL floor p50 ms': r.sqlFloor.p50,
    'SQL floor p99 ms': r.sqlFloor.p99,
  }));
  console.log(`\nGET /messages: newest 100 of one stream+topic, ${ROUNDS} sequential rounds\n`);
  console.log(table(rows));
  const figures: Figure[] = results.map((r) => ({
    row: 'fetch-p50',
    topology: r.topology,
    value: r.http.p50,
    unit: 'ms',
    floor: r.sqlFloor.p50,
    fullSize: r.messages >= 1_000_000,
    note: `${r.messages} messages, p99 ${r.http.p99} ms; SQL floor p50 ${r.sqlFloor.p50} ms`,
  }));
  const latency = renderBarChart({
    title: `GET /messages (100 by stream+topic) over ${MESSAGES} messages`,
    yLabel: 'ms',
    groups: results.flatMap((r) => [
      { label: `${r.topology} HTTP`, values: { p50: r.http.p50, p90: r.http.p90, p99: r.http.p99 } },
      { label: `${r.topology} SQL`, values: { p50: r.sqlFloor.p50, p90: r.sqlFloor.p90, p99: r.sqlFloor.p99 } },
    ]),
  });
  writeResult('fetch', { rounds: ROUNDS, rows, results }, figures, { latency });
}

runScenario(main);
