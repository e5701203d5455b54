/**
 * Send-to-long-poll delivery latency without load (`npm run bench:delivery`): the same stream
 * of 10 long-polling subscribers as bench:send, but one message at a time, the next sent once
 * every poller has the previous one. Each sample is the time from issuing the send to one
 * poller's long-poll returning it; the send's own latency is timed too. The loaded figures (at
 * half the sustained rate) are bench:send's; this is the floor of what they can be.
 */
import { runScenario } from './lib/run';
import { addStreamWithUsers, type BenchUser } from './lib/population';
import { sendOneAtATime } from './lib/one-at-a-time';
import { chatTarget } from './lib/targets';
import { startTopology, TOPOLOGIES, type TopologyName } from './lib/topology';
import { writeResult, type Figure } from './report/output';
import { renderBarChart } from './report/svg';
import { summarize, table, type LatencySummary } from './stats';

const MESSAGES = Number(process.env.BENCH_DELIVERY_MESSAGES ?? 500);
const WARMUP = 50;
const SUBSCRIBERS = 10;
/** A message not delivered to every poller by then fails the run rather than hanging it. */
const DELIVERY_TIMEOUT_MS = 10_000;

interface Measured {
  topology: TopologyName;
  send: LatencySummary;
  delivery: LatencySummary;
}

async function measure(name: TopologyName): Promise<Measured> {
  let users: BenchUser[] = [];
  const topology = await startTopology(name, async (db) => {
    users = await addStreamWithUsers(db.knex, 'bench', 'sender', SUBSCRIBERS);
  });
  try {
    const target = await chatTarget(name, topology.url, topology.eventsUrl, users, 'bench');
    target.startPolling(() => {});
    await sendOneAtATime(target, { count: WARMUP, timeoutMs: DELIVERY_TIMEOUT_MS });
    const run = await sendOneAtATime(target, { count: MESSAGES, timeoutMs: DELIVERY_TIMEOUT_MS });
    await target.stop();
    return { topology: name, send: summarize(run.send), delivery: summarize(run.delivery) };
  } finally {
    await topology.stop();
  }
}

async function main(): Promise<void> {
  const results: Measured[] = [];
  for (const name of TOPOLOGIES) results.push(await measure(name));
  const rows = results.map((r) => ({
    topology: r.topology,
    messages: r.delivery.n / SUBSCRIBERS,
    'send p50 ms': r.send.p50,
    'send p99 ms': r.send.p99,
    'delivery p50 ms': r.delivery.p50,
    'delivery p90 ms': r.delivery.p90,
    'delivery p99 ms': r.delivery.p99,
    'delivery max ms': r.delivery.max,
  }));
  console.log(`\nSend-to-long-poll delivery, one message at a time, ${SUBSCRIBERS} long-polling subscribers\n`);
  console.log(table(rows));
  const figures: Figure[] = results.map((r) => ({ row: 'delivery-unloaded-p99', topology: r.topology, value: r.delivery.p99, unit: 'ms' }));
  const latency = renderBarChart({
    title: 'Send and delivery latency, one message at a time (ms)',
    yLabel: 'ms',
    groups: results.map((r) => ({
      label: r.topology,
      values: { 'send p50': r.send.p50, 'send p99': r.send.p99, 'delivery p50': r.delivery.p50, 'delivery p99': r.delivery.p99 },
    })),
  });
  writeResult('delivery-latency', { rows, results }, figures, { latency });
}

runScenario(main);
