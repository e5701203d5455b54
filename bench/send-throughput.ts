/**
 * Send throughput and latency (`npm run bench:send`): a stream with 10
 * subscribers, each with an event queue long-polled continuously, one of them sending.
 * For the floor (bench/floor) and each topology, in this one run and with the same open-loop
 * load generator:
 *   1. the sustained rate: the highest open-loop rate at which the server keeps up (achieved ≈
 *      offered, every delivery made, latency not growing over the run), confirmed by a longer run;
 *   2. at half that rate, a fixed-rate run timing each send (issue to answer) and each delivery
 *      (issue to each poller's long-poll returning it).
 * Bounded: the rate search stops at BENCH_MAX_RATE; each run lasts BENCH_STEP_SECS /
 * BENCH_CONFIRM_SECS / BENCH_MEASURE_SECS and at most a few seconds of drain.
 */
import { startFloor } from './floor/start';
import { runScenario } from './lib/run';
import { findSustainedRate, runOpenLoop, type LoadTarget, type RunResult, type SustainedSearch } from './lib/load';
import { addStreamWithUsers, type BenchUser } from './lib/population';
import { chatTarget, floorTarget } from './lib/targets';
import { startTopology, TOPOLOGIES } from './lib/topology';
import type { Figure } from './report/output';
import { writeResult } from './report/output';
import { renderBarChart, renderLineChart } from './report/svg';
import { table } from './stats';

const SUBSCRIBERS = 10;
const MEASURE_SECS = Number(process.env.BENCH_MEASURE_SECS ?? 20);

interface Measured {
  name: 'floor' | 'embedded' | 'distributed';
  search: SustainedSearch;
  half: RunResult | null;
}

async function measure(name: Measured['name'], target: LoadTarget): Promise<Measured> {
  console.log(`\n${name}: warming up, then searching for the sustained rate`);
  target.startPolling(() => {});
  await runOpenLoop(target, { rate: 20, seconds: Number(process.env.BENCH_WARMUP_SECS ?? 10) });
  const search = await findSustainedRate(target, console.log);
  const halfRate = Math.floor(search.sustainedRate / 2);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const half = halfRate > 0 ? await runOpenLoop(target, { rate: halfRate, seconds: MEASURE_SECS }) : null;
  if (half)
    console.log(
      `  ${name}: at ${halfRate}/s send p50 ${half.send.p50} p99 ${half.send.p99} ms, delivery p50 ${half.delivery.p50} p99 ${half.delivery.p99} ms`,
    );
  await target.stop();
  return { name, search, half };
}

async function measureFloor(): Promise<Measured> {
  const floor = await startFloor();
  try {
    return await measure('floor', floorTarget(floor.process.url, SUBSCRIBERS));
  } finally {
    await floor.stop();
  }
}

/** The floor's sends alone, nobody polling (BENCH_FLOOR_WITHOUT_POLLS=0 skips it): what the 10 pollers cost it. */
async function measureFloorWithoutPolls(): Promise<SustainedSearch | null> {
  if (process.env.BENCH_FLOOR_WITHOUT_POLLS === '0') return null;
  const floor = await startFloor();
  try {
    console.log('\nfloor without polls: searching for the sustained rate');
    const target = { ...floorTarget(floor.process.url, SUBSCRIBERS), name: 'floor without polls', pollers: 0, startPolling: () => {} };
    await runOpenLoop(target, { rate: 20, seconds: Number(process.env.BENCH_WARMUP_SECS ?? 10) });
    return await findSustainedRate(target, console.log);
  } finally {
    await floor.stop();
  }
}

async function measureTopology(name: 'embedded' | 'distributed'): Promise<Measured> {
  let users: BenchUser[] = [];
  const topology = await startTopology(name, async (db) => {
    users = await addStreamWithUsers(db.knex, 'bench', 'sender', SUBSCRIBERS);
  });
  try {
    return await measure(name, await chatTarget(name, topology.url, topology.eventsUrl, users, 'bench'));
  } finally {
    await topology.stop();
  }
}

function figures(results: Measured[]): Figure[] {
  return results.flatMap((r) => [
    { row: 'sustained', topology: r.name, value: r.search.sustainedRate, unit: 'messages/s' },
    { row: 'send-p99', topology: r.name, value: r.half?.send.p99 ?? null, unit: 'ms', note: `at ${r.half?.offeredRate ?? 0}/s` },
    { row: 'delivery-p99', topology: r.name, value: r.half?.delivery.p99 ?? null, unit: 'ms', note: `at ${r.half?.offeredRate ?? 0}/s` },
  ]);
}

function charts(results: Measured[]): Record<string, string> {
  const latency = renderBarChart({
    title: 'Latency at half the sustained rate (ms)',
    yLabel: 'ms',
    groups: results.map((r) => ({
      label: r.name,
      values: (r.half
        ? {
            'send p50': r.half.send.p50,
            'send p90': r.half.send.p90,
            'send p99': r.half.send.p99,
            'delivery p50': r.half.delivery.p50,
            'delivery p99': r.half.delivery.p99,
          }
        : {}) as Record<string, number>,
    })),
  });
  // The whole run laid end to end: the rate search, the confirmation, the half-rate run.
  const throughput = renderLineChart({
    title: 'Sends completed per second over the run',
    xLabel: 'seconds',
    yLabel: 'sends/s',
    series: results.map((r) => {
      let offset = 0;
      const runs = [...r.search.steps, ...(r.search.confirm ? [r.search.confirm] : []), ...(r.half ? [r.half] : [])];
      const points = runs.flatMap((run) => {
        const shifted = run.timeline.map((b) => ({ x: offset + b.t, y: b.completed }));
        offset += run.timeline.length;
        return shifted;
      });
      return { name: r.name, points };
    }),
  });
  return { latency, throughput };
}

async function main(): Promise<void> {
  const results = [await measureFloor()];
  const withoutPolls = await measureFloorWithoutPolls();
  for (const name of TOPOLOGIES) results.push(await measureTopology(name));
  const floorRate = results[0]!.search.sustainedRate;
  const rows = results.map((r) => ({
    target: r.name,
    'sustained /s': r.search.sustainedRate,
    'share of floor': floorRate ? `${Math.round((r.search.sustainedRate / floorRate) * 100)}%` : 'n/a',
    'half rate /s': r.half?.offeredRate ?? 0,
    'send p50 ms': r.half?.send.p50 ?? NaN,
    'send p90 ms': r.half?.send.p90 ?? NaN,
    'send p99 ms': r.half?.send.p99 ?? NaN,
    'delivery p50 ms': r.half?.delivery.p50 ?? NaN,
    'delivery p99 ms': r.half?.delivery.p99 ?? NaN,
  }));
  console.log(`\nSends to a stream with ${SUBSCRIBERS} long-polling subscribers (open loop)\n`);
  console.log(table(rows));
  if (withoutPolls) console.log(`\nThe floor without its ${SUBSCRIBERS} pollers: ${withoutPolls.sustainedRate} sends/s`);
  const floorNote = withoutPolls
    ? [{ row: 'floor-without-polls', topology: 'floor' as const, value: withoutPolls.sustainedRate, unit: 'messages/s' }]
    : [];
  writeResult(
    'send-throughput',
    { subscribers: SUBSCRIBERS, rows, results, floorWithoutPolls: withoutPolls },
    [...figures(results), ...floorNote],
    charts(results),
  );
}

runScenario(main);
