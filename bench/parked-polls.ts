/**
 * Parked long-polls and fan-out (`npm run bench:polls`). For each topology:
 * BENCH_POLLS (default 10,000) users, all subscribed to one stream, each registers an event queue;
 * then each parks a GET /events on it, all held by ONE event-tier process (the standalone server,
 * or the single event-queue replica). Then one message to the stream, and the time until the
 * last poll has returned it.
 *
 * Memory per parked poll is the event-tier process's own figures (its /metrics: prom-client's
 * process_resident_memory_bytes and nodejs_heap_size_used_bytes), the growth from "N queues
 * registered, none polled" to "N polls parked", divided by N. Needs ~3 file descriptors per poll
 * across the processes: the npm script raises `ulimit -n` to the hard limit.
 */
import { inBatches, inSlices } from './lib/batches';
import { apiCall, basicAuth } from './lib/http';
import { runScenario } from './lib/run';
import { addStreamWithUsers, type BenchUser } from './lib/population';
import { collectGarbage, enableGcOnSignal, sampleProcess, type ProcessSample } from './lib/process-stats';
import { startTopology, TOPOLOGIES, type Topology, type TopologyName } from './lib/topology';
import { writeResult, type Figure } from './report/output';
import { renderBarChart, renderLineChart } from './report/svg';
import { table } from './stats';

const POLLS = Number(process.env.BENCH_POLLS ?? 10_000);
/** Long enough for the parked polls' allocations to settle before they are measured. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3000);
/** A fan-out that has not reached every poll by then fails the run instead of hanging it. */
const FAN_OUT_TIMEOUT_MS = Number(process.env.BENCH_FANOUT_TIMEOUT_SECS ?? 120) * 1000;

interface Queue {
  headers: Record<string, string>;
  queueId: string;
  last: number;
}

interface Measured {
  topology: TopologyName;
  polls: number;
  registered: ProcessSample;
  parked: ProcessSample;
  rssKbPerPoll: number;
  heapKbPerPoll: number;
  /** The last delivery; the time limit when not every poll got the message. */
  fanOutMs: number;
  /** Polls that returned the message, and polls that failed (connection errors, error answers). */
  answered: number;
  failed: number;
  complete: boolean;
  /** When each poll returned the message, ms after the send was issued (sorted). */
  arrivals: number[];
  parkMs: number;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** After a full collection: live data, not the garbage of the registrations or the polls' arrival. */
async function steadySample(topology: Topology, t0: number): Promise<ProcessSample> {
  const { process: server } = topology.eventTier;
  await collectGarbage(server.pid);
  return sampleProcess(server.url, server.pid, (performance.now() - t0) / 1000);
}

async function measure(name: TopologyName): Promise<Measured> {
  let users: BenchUser[] = [];
  const topology = await startTopology(name, async (db) => {
    users = await addStreamWithUsers(db.knex, 'fanout', 'fan', POLLS);
  });
  try {
    const t0 = performance.now();
    console.log(`${name}: registering ${POLLS} queues`);
    const queues = await inBatches(users, async (user): Promise<Queue> => {
      const headers = basicAuth(user.email, user.apiKey);
      const body = await apiCall(topology.eventsUrl, 'POST', '/register', headers, { event_types: '["message"]' });
      return { headers, queueId: String(body.queue_id), last: Number(body.last_event_id) };
    });
    await settle(SETTLE_MS);
    const registered = await steadySample(topology, t0);
    const parkStarted = performance.now();
    let sentAt = Infinity;
    let arrived = 0;
    // Each poll settles to its arrival time or its error: one failing while the others are still
    // parked is reported with the rest, not as an unhandled rejection.
    const poll = (queue: Queue): Promise<number | Error> =>
      apiCall(topology.eventsUrl, 'GET', '/events', queue.headers, { queue_id: queue.queueId, last_event_id: String(queue.last) }).then(
        (body) => {
          const events = body.events as { type: string }[];
          if (!events.some((e) => e.type === 'message')) return new Error(`poll on ${queue.queueId} returned ${JSON.stringify(body)}`);
          arrived++;
          return performance.now() - sentAt;
        },
        (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
      );
    const polls: Promise<number | Error>[] = [];
    // A slice at a time: thousands of connections at once overflow the server's listen backlog.
    await inSlices(queues, (queue) => polls.push(poll(queue)));
    await settle(SETTLE_MS + POLLS / 5);
    const parked = await steadySample(topology, t0);
    const parkMs = performance.now() - parkStarted;
    console.log(`${name}: ${POLLS} polls parked; sending one message to the stream`);
    const sender = users[0]!;
    sentAt = performance.now();
    await apiCall(topology.url, 'POST', '/messages', basicAuth(sender.email, sender.apiKey), {
      type: 'stream',
      to: 'fanout',
      topic: 'fan-out',
      content: 'fan-out',
    });
    const sendMs = Math.round(performance.now() - sentAt);
    console.log(`${name}: the send took ${sendMs} ms`);
    // A fan-out that has not reached every poll by the time limit is reported as such (a miss),
    // with the polls that did return, rather than hanging the run.
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), FAN_OUT_TIMEOUT_MS);
    });
    const outcomes = await Promise.race([Promise.all(polls), deadline]).finally(() => clearTimeout(timer));
    const failed = outcomes?.filter((o): o is Error => o instanceof Error) ?? [];
    if (failed.length) console.error(`${name}: ${failed.length} of ${POLLS} polls failed; the first: ${failed[0]!.message}`);
    if (!outcomes) console.error(`${name}: only ${arrived} of ${POLLS} polls returned the message within ${FAN_OUT_TIMEOUT_MS} ms`);
    const arrivals = (outcomes?.filter((o): o is number => typeof o === 'number') ?? []).sort((a, b) => a - b);
    const complete = outcomes !== null && failed.length === 0;
    const perPoll = (field: 'rssBytes' | 'heapUsedBytes') => Math.round(((parked[field] - registered[field]) / POLLS / 1024) * 100) / 100;
    return {
      topology: name,
      polls: POLLS,
      registered,
      parked,
      rssKbPerPoll: perPoll('rssBytes'),
      heapKbPerPoll: perPoll('heapUsedBytes'),
      fanOutMs: complete ? Math.round(arrivals[arrivals.length - 1]!) : FAN_OUT_TIMEOUT_MS,
      answered: outcomes ? arrivals.length : arrived,
      failed: failed.length,
      complete,
      arrivals: arrivals.map((a) => Math.round(a * 10) / 10),
      parkMs: Math.round(parkMs),
    };
  } finally {
    await topology.stop();
  }
}

function figures(results: Measured[]): Figure[] {
  return results.flatMap((r) => [
    {
      row: 'fan-out',
      topology: r.topology,
      value: r.fanOutMs,
      unit: 'ms',
      fullSize: r.polls >= 10_000,
      note: r.complete
        ? `${r.polls} parked polls`
        : `INCOMPLETE: ${r.answered} of ${r.polls} polls answered, ${r.failed} failed, by the ${r.fanOutMs} ms limit`,
    },
    {
      row: 'parked-polls',
      topology: r.topology,
      // The larger of the two growths: RSS holds what the heap does not (native parser state,
      // buffers) but also pages the allocator keeps or returns, so alone it can even shrink.
      value: Math.max(r.rssKbPerPoll, r.heapKbPerPoll),
      unit: 'KB per poll',
      fullSize: r.polls >= 10_000,
      note: `${r.polls} polls; RSS ${r.rssKbPerPoll}, heap used ${r.heapKbPerPoll} KB per poll`,
    },
  ]);
}

function charts(results: Measured[]): Record<string, string> {
  const memory = renderBarChart({
    title: `Memory per parked long-poll (KB), ${POLLS} polls in one process`,
    yLabel: 'KB per poll',
    groups: results.map((r) => ({ label: r.topology, values: { RSS: r.rssKbPerPoll, 'heap used': r.heapKbPerPoll } })),
  });
  // Deliveries over time: how many of the parked polls had the message t ms after the send.
  const fanOut = renderLineChart({
    title: 'Fan-out: polls answered after the send',
    xLabel: 'ms after the send',
    yLabel: 'polls answered',
    series: results.map((r) => ({
      name: r.topology,
      points: r.arrivals
        .filter((_, i) => i % Math.max(1, Math.floor(r.arrivals.length / 200)) === 0 || i === r.arrivals.length - 1)
        .map((ms) => ({
          x: ms,
          y: r.arrivals.filter((a) => a <= ms).length,
        })),
    })),
  });
  return { memory, 'fan-out': fanOut };
}

async function main(): Promise<void> {
  enableGcOnSignal();
  const results: Measured[] = [];
  for (const name of TOPOLOGIES) results.push(await measure(name));
  const rows = results.map((r) => ({
    topology: r.topology,
    'parked polls': r.polls,
    'RSS MB registered': Math.round(r.registered.rssBytes / 2 ** 20),
    'RSS MB parked': Math.round(r.parked.rssBytes / 2 ** 20),
    'KB per poll (RSS)': r.rssKbPerPoll,
    'KB per poll (heap)': r.heapKbPerPoll,
    'fds parked': r.parked.fds,
    'fan-out last delivery ms': r.complete ? r.fanOutMs : `> ${r.fanOutMs} (${r.answered} answered, ${r.failed} failed)`,
    'fan-out p50 ms': r.arrivals[Math.floor(r.arrivals.length / 2)] ?? NaN,
  }));
  console.log(`\nParked long-polls in one event-tier process, and fan-out of one message to all of them\n`);
  console.log(table(rows));
  writeResult(
    'parked-polls',
    { rows, results: results.map(({ arrivals: _arrivals, ...rest }) => rest) },
    figures(results),
    charts(results),
  );
}

runScenario(main);
