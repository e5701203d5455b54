/**
 * What a send costs (`npm run bench:cost`): at a fixed rate well below saturation (BENCH_COST_RATE,
 * 100 sends/s, for BENCH_COST_SECS, 30 s) to a stream with 10 subscribers whose queues are
 * long-polled, the CPU time of every server-side process involved, divided by the sends delivered
 * (every poller got them). The load generator's own time is not counted.
 *
 * Four targets in one run, each with the processes it uses:
 *   - floor: the floor server (bench/floor), PostgreSQL (the postmaster and its backends) and NATS;
 *   - floor on PGlite: the same work on PGlite in the floor's process, no broker: what the
 *     embedded topology's database alone costs, the figure the embedded server is judged against;
 *   - embedded: the one standalone process;
 *   - distributed: every service process, PostgreSQL, NATS and Redis.
 * Where the distributed time goes is the per-process split; a profile of one process is
 * CHILD_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (startProcess passes it on).
 */
import { startFloor, type FloorDb } from './floor/start';
import { cpuMillis, cpuSpent, type ProcessGroup } from './lib/cpu';
import { runOpenLoop, type LoadTarget, type RunResult } from './lib/load';
import { addStreamWithUsers, type BenchUser } from './lib/population';
import { systemGroups, topologyGroups } from './lib/process-groups';
import { runScenario } from './lib/run';
import { chatTarget, floorTarget } from './lib/targets';
import { startTopology, TOPOLOGIES } from './lib/topology';
import { writeResult, type Figure } from './report/output';
import { renderBarChart } from './report/svg';
import { table } from './stats';

const SUBSCRIBERS = 10;
const RATE = Number(process.env.BENCH_COST_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_COST_SECS ?? 30);
const WARMUP_SECS = Number(process.env.BENCH_WARMUP_SECS ?? 10);
/** BENCH_COST_FLOORS: which floors run (default both; empty for none while profiling a topology). */
const FLOORS = (process.env.BENCH_COST_FLOORS ?? 'postgres,pglite').split(',').filter(Boolean) as FloorDb[];
/** BENCH_QUEUES_OF=sender: the ten queues are one user's (a person with several clients open). */
const ONE_OWNER = process.env.BENCH_QUEUES_OF === 'sender';

type TargetName = 'floor' | 'floor on PGlite' | 'embedded' | 'distributed';

interface Cost {
  name: TargetName;
  run: RunResult;
  deliveredSends: number;
  /** CPU milliseconds per delivered send, per process group and in total. */
  perSend: Record<string, number>;
  total: number;
}

const round = (x: number) => Math.round(x * 100) / 100;

async function measure(name: TargetName, target: LoadTarget, groups: ProcessGroup[]): Promise<Cost> {
  console.log(`\n${name}: warming up, then ${RATE} sends/s for ${SECONDS} s`);
  target.startPolling(() => {});
  await runOpenLoop(target, { rate: 20, seconds: WARMUP_SECS });
  // What the warm-up left queued (relay, bus, appends) is not charged to the measurement.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = cpuMillis(groups);
  const run = await runOpenLoop(target, { rate: RATE, seconds: SECONDS });
  const spent = cpuSpent(before, cpuMillis(groups));
  await target.stop();
  const deliveredSends = run.sent * run.deliveredShare;
  const perSend = Object.fromEntries(Object.entries(spent).map(([group, ms]) => [group, round(ms / deliveredSends)]));
  const total = round(Object.values(spent).reduce((a, b) => a + b, 0) / deliveredSends);
  console.log(
    `  ${name}: achieved ${run.achievedRate}/s, delivered ${run.deliveredShare}, ${total} CPU ms per send (${JSON.stringify(perSend)})`,
  );
  return { name, run, deliveredSends, perSend, total };
}

async function measureFloor(db: FloorDb): Promise<Cost> {
  const floor = await startFloor(db);
  try {
    const own: ProcessGroup = { name: 'floor', roots: [floor.process.pid] };
    const groups = db === 'pglite' ? [own] : [own, ...systemGroups(['postgres', 'nats-server'])];
    return await measure(db === 'pglite' ? 'floor on PGlite' : 'floor', floorTarget(floor.process.url, SUBSCRIBERS), groups);
  } finally {
    await floor.stop();
  }
}

async function measureTopology(name: 'embedded' | 'distributed'): Promise<Cost> {
  let users: BenchUser[] = [];
  const topology = await startTopology(name, async (db) => {
    users = await addStreamWithUsers(db.knex, 'bench', 'sender', SUBSCRIBERS);
  });
  try {
    const owners = ONE_OWNER ? users.map(() => users[0]!) : users;
    const target = await chatTarget(name, topology.url, topology.eventsUrl, owners, 'bench');
    return await measure(name, target, topologyGroups(topology));
  } finally {
    await topology.stop();
  }
}

/** Each topology is judged against the floor on its own kind of database. */
const floorOf = (costs: Cost[], topology: 'embedded' | 'distributed') =>
  costs.find((c) => c.name === (topology === 'embedded' ? 'floor on PGlite' : 'floor')) ?? null;

function figures(costs: Cost[]): Figure[] {
  const note = `CPU ms per delivered send at ${RATE}/s, all server-side processes`;
  return costs.map((c) => {
    if (c.name === 'floor' || c.name === 'floor on PGlite') {
      return {
        row: c.name === 'floor' ? 'cost-floor' : 'cost-floor-pglite',
        topology: 'floor' as const,
        value: c.total,
        unit: 'CPU ms/send',
        note,
      };
    }
    const floor = floorOf(costs, c.name);
    return {
      row: 'cost',
      topology: c.name,
      value: c.total,
      unit: 'CPU ms/send',
      floor: floor?.total,
      note: `${note}; floor: ${floor?.name ?? 'not measured'}`,
    };
  });
}

async function main(): Promise<void> {
  const costs: Cost[] = [];
  for (const db of FLOORS) costs.push(await measureFloor(db));
  for (const name of TOPOLOGIES) costs.push(await measureTopology(name));
  const rows = costs.map((c) => {
    const floor = c.name === 'embedded' || c.name === 'distributed' ? floorOf(costs, c.name) : null;
    return {
      target: c.name,
      'offered /s': RATE,
      'achieved /s': c.run.achievedRate,
      delivered: c.run.deliveredShare,
      'delivery p99 ms': c.run.delivery.p99,
      'CPU ms/send': c.total,
      'times its floor': floor ? round(c.total / floor.total) : '—',
      'by process (ms/send)': Object.entries(c.perSend)
        .map(([group, ms]) => `${group} ${ms}`)
        .join(', '),
    };
  });
  console.log(`\nCPU time per delivered send, ${RATE} sends/s for ${SECONDS} s to a stream with ${SUBSCRIBERS} long-polled subscribers\n`);
  console.log(table(rows));
  const chart = renderBarChart({
    title: `CPU ms per delivered send at ${RATE}/s, by process`,
    yLabel: 'CPU ms',
    groups: costs.map((c) => ({ label: c.name, values: c.perSend })),
  });
  writeResult('send-cost', { rate: RATE, seconds: SECONDS, subscribers: SUBSCRIBERS, rows, costs }, figures(costs), {
    'by-process': chart,
  });
}

runScenario(main);
