/**
 * The soak (`npm run bench:soak`; issue 10 item 7): BENCH_SOAK_SECS (default 600) of steady load
 * on the distributed topology (BENCH_SOAK_TOPOLOGIES=distributed,embedded adds the embedded one):
 * open-loop sends at BENCH_SOAK_RATE per second to a stream whose 10 subscribers long-poll all
 * along, and BENCH_SOAK_FETCH_RATE GET /messages per second. Every BENCH_SOAK_SAMPLE_SECS each
 * server process reports its resident set and heap used (its /metrics) and its open file
 * descriptors are counted (/proc/<pid>/fd). Per process and measure: start, end, max, and the
 * least-squares slope over the second half of the run (the first half includes warm-up: JIT,
 * caches, pools filling), judged flat when that slope would add less than 5% of the level (or
 * 2 MB, or 5 descriptors, whichever is more) over the second half.
 */
import { apiCall, basicAuth } from './lib/http';
import { runScenario } from './lib/run';
import { runOpenLoop, type RunResult } from './lib/load';
import { addStreamWithUsers, type BenchUser } from './lib/population';
import { collectGarbage, enableGcOnSignal, sampleProcess, type ProcessSample } from './lib/process-stats';
import { MEASURES, trend, type Measure, type Trend } from './lib/trend';
import { chatTarget } from './lib/targets';
import { startTopology, type TopologyName } from './lib/topology';
import { writeResult } from './report/output';
import { renderLineChart } from './report/svg';
import { table } from './stats';

const SECONDS = Number(process.env.BENCH_SOAK_SECS ?? 600);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 20);
const FETCH_RATE = Number(process.env.BENCH_SOAK_FETCH_RATE ?? 2);
const SAMPLE_SECS = Number(process.env.BENCH_SOAK_SAMPLE_SECS ?? 5);
const TOPOLOGIES = (process.env.BENCH_SOAK_TOPOLOGIES ?? 'distributed').split(',') as TopologyName[];
const SUBSCRIBERS = 10;

interface Soaked {
  topology: TopologyName;
  load: Omit<RunResult, 'timeline'>;
  fetches: { done: number; errors: number };
  processes: { name: string; samples: ProcessSample[]; trends: Record<Measure, Trend> }[];
}

async function soak(name: TopologyName): Promise<Soaked> {
  let users: BenchUser[] = [];
  const topology = await startTopology(name, async (db) => {
    users = await addStreamWithUsers(db.knex, 'bench', 'sender', SUBSCRIBERS);
  });
  try {
    const target = await chatTarget(name, topology.url, topology.eventsUrl, users, 'bench');
    target.startPolling(() => {});
    const samples = new Map(topology.processes.map((p) => [p.name, [] as ProcessSample[]]));
    const started = performance.now();
    let running = true;
    const sampler = (async () => {
      while (running) {
        const t = (performance.now() - started) / 1000;
        // Sampled after a full collection: live data, not the garbage of the last burst, so a
        // sawtooth heap does not read as growth.
        for (const p of topology.processes) {
          await collectGarbage(p.process.pid);
          samples.get(p.name)!.push(await sampleProcess(p.process.url, p.process.pid, t));
        }
        await new Promise((r) => setTimeout(r, SAMPLE_SECS * 1000));
      }
    })();
    const fetches = { done: 0, errors: 0 };
    const reader = basicAuth(users[1]!.email, users[1]!.apiKey);
    const fetcher = (async () => {
      while (running) {
        const narrow = JSON.stringify([{ operator: 'stream', operand: 'bench' }]);
        await apiCall(topology.url, 'GET', '/messages', reader, { anchor: '1000000000', num_before: '100', num_after: '0', narrow }).then(
          () => fetches.done++,
          () => fetches.errors++,
        );
        await new Promise((r) => setTimeout(r, 1000 / FETCH_RATE));
      }
    })();
    console.log(`${name}: soaking for ${SECONDS} s at ${RATE} sends/s and ${FETCH_RATE} fetches/s`);
    const { timeline: _timeline, ...load } = await runOpenLoop(target, { rate: RATE, seconds: SECONDS });
    running = false;
    await Promise.all([sampler, fetcher]);
    await target.stop();
    return {
      topology: name,
      load,
      fetches,
      processes: [...samples].map(([processName, s]) => ({
        name: processName,
        samples: s,
        trends: Object.fromEntries(MEASURES.map((m) => [m, trend(s, m)])) as Record<Measure, Trend>,
      })),
    };
  } finally {
    await topology.stop();
  }
}

const MB = 2 ** 20;

function charts(results: Soaked[]): Record<string, string> {
  const chart = (measure: Measure, title: string, unit: string, scale: number) =>
    renderLineChart({
      title,
      xLabel: 'seconds',
      yLabel: unit,
      series: results.flatMap((r) =>
        r.processes.map((p) => ({
          name: `${r.topology === 'embedded' ? 'emb ' : ''}${p.name}`,
          points: p.samples.map((s) => ({ x: s.t, y: s[measure] / scale })),
        })),
      ),
    });
  return {
    rss: chart('rssBytes', 'Soak: resident set per process (MB)', 'MB', MB),
    heap: chart('heapUsedBytes', 'Soak: heap used per process (MB)', 'MB', MB),
    fds: chart('fds', 'Soak: open file descriptors per process', 'fds', 1),
  };
}

async function main(): Promise<void> {
  enableGcOnSignal();
  const results: Soaked[] = [];
  for (const name of TOPOLOGIES) results.push(await soak(name));
  const rows = results.flatMap((r) =>
    r.processes.map((p) => {
      const { rssBytes: rss, heapUsedBytes: heap, fds } = p.trends;
      const mb = (x: number) => Math.round((x / MB) * 10) / 10;
      return {
        topology: r.topology,
        process: p.name,
        'RSS MB start/end/max': `${mb(rss.start)}/${mb(rss.end)}/${mb(rss.max)}`,
        'RSS MB/min (2nd half)': mb(rss.slopePerMinute),
        'heap MB start/end/max': `${mb(heap.start)}/${mb(heap.end)}/${mb(heap.max)}`,
        'heap MB/min (2nd half)': mb(heap.slopePerMinute),
        'fds start/end/max': `${fds.start}/${fds.end}/${fds.max}`,
        'fds/min (2nd half)': fds.slopePerMinute,
        flat: MEASURES.every((m) => p.trends[m].flat) ? 'yes' : `NO (${MEASURES.filter((m) => !p.trends[m].flat).join(', ')})`,
      };
    }),
  );
  console.log(`\nSoak: ${SECONDS} s of ${RATE} sends/s to 10 long-polling subscribers and ${FETCH_RATE} fetches/s\n`);
  console.log(table(rows));
  for (const r of results) {
    console.log(
      `${r.topology}: ${r.load.sent} sends (${r.load.errors} errors, ${r.load.skipped} skipped), achieved ${r.load.achievedRate}/s, ` +
        `delivered ${r.load.deliveredShare}, send p99 ${r.load.send.p99} ms, delivery p99 ${r.load.delivery.p99} ms; ${r.fetches.done} fetches (${r.fetches.errors} errors)`,
    );
  }
  writeResult('soak', { seconds: SECONDS, rate: RATE, fetchRate: FETCH_RATE, rows, results }, [], charts(results));
}

if (require.main === module) runScenario(main);
