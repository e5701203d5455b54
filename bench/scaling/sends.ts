/**
 * bench:scaling's first curve, what a send costs as the stream grows. For one size: a topology
 * started afresh with a stream of that many subscribers, each with an event queue long-polled
 * (lib/targets.ts's chatTarget, the sender among them); a few warm-up sends, then
 * BENCH_SCALING_SENDS sends at most BENCH_SCALING_RATE a second, each only once the one before
 * reached every poller (lib/one-at-a-time.ts), so none waits behind the previous fan-out. Measured: the CPU time of
 * every server-side process over those sends (lib/process-groups.ts, as bench:cost), per send;
 * each send's latency; and its last delivery, from issuing it until the last poller had it.
 * At a few sends a second the servers' idle work (timers, the relay's and the jobs' polling) is
 * a visible share of that time, so it is measured too, over IDLE_SECS with the polls parked and
 * nothing sent, and the cost per send is also given above it.
 */
import { cpuMillis, cpuSpent } from '../lib/cpu';
import { sendOneAtATime } from '../lib/one-at-a-time';
import { addStreamWithUsers, type BenchUser } from '../lib/population';
import { topologyGroups } from '../lib/process-groups';
import { chatTarget } from '../lib/targets';
import { startTopology, type TopologyName } from '../lib/topology';
import { summarize, type LatencySummary } from '../stats';

export const SENDS = Number(process.env.BENCH_SCALING_SENDS ?? 50);
export const RATE = Number(process.env.BENCH_SCALING_RATE ?? 5);
/**
 * Warm-up: sends until about this many deliveries (at least 3 sends), enough for the send and
 * delivery paths to be compiled hot; at 10,000 subscribers one send is that many times over.
 */
const WARMUP_DELIVERIES = 200;
const IDLE_SECS = 5;
/** A send not delivered to every poller by then fails the run rather than hanging it. */
const DELIVERY_TIMEOUT_MS = 120_000;
/** What the warm-up left in flight (relay, bus, appends) is not charged to the measurement. */
const PAUSE_MS = 2000;

export interface SendPoint {
  topology: TopologyName;
  subscribers: number;
  sends: number;
  /** Below RATE when fan-outs took longer than the interval between sends. */
  achievedRate: number;
  cpuMsPerSend: number;
  /** CPU ms per second of every server-side process with the polls parked and nothing sent. */
  idleCpuMsPerSecond: number;
  /** cpuMsPerSend less the idle work of the time the sends took. */
  cpuMsPerSendAboveIdle: number;
  /** CPU ms per send by process group. */
  perProcess: Record<string, number>;
  send: LatencySummary;
  lastDelivery: LatencySummary;
}

const round = (x: number) => Math.round(x * 100) / 100;
const sum = (spent: Record<string, number>) => Object.values(spent).reduce((a, b) => a + b, 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureSends(name: TopologyName, subscribers: number): Promise<SendPoint> {
  let users: BenchUser[] = [];
  const topology = await startTopology(name, async (db) => {
    users = await addStreamWithUsers(db.knex, 'scaling', 'scale', subscribers);
  });
  try {
    console.log(`${name}: ${subscribers} subscribers registering and polling; ${SENDS} sends at most ${RATE}/s`);
    const target = await chatTarget(name, topology.url, topology.eventsUrl, users, 'scaling');
    target.startPolling(() => {});
    await sendOneAtATime(target, { count: Math.max(3, Math.ceil(WARMUP_DELIVERIES / subscribers)), timeoutMs: DELIVERY_TIMEOUT_MS });
    await sleep(PAUSE_MS);
    const groups = topologyGroups(topology);
    const idleFrom = cpuMillis(groups);
    await sleep(IDLE_SECS * 1000);
    const idleCpuMsPerSecond = sum(cpuSpent(idleFrom, cpuMillis(groups))) / IDLE_SECS;
    const before = cpuMillis(groups);
    const started = performance.now();
    const run = await sendOneAtATime(target, { count: SENDS, rate: RATE, timeoutMs: DELIVERY_TIMEOUT_MS });
    const spent = cpuSpent(before, cpuMillis(groups));
    const seconds = (performance.now() - started) / 1000;
    await target.stop();
    const perProcess = Object.fromEntries(Object.entries(spent).map(([group, ms]) => [group, round(ms / SENDS)]));
    const point = {
      topology: name,
      subscribers,
      sends: SENDS,
      achievedRate: run.achievedRate,
      cpuMsPerSend: round(sum(spent) / SENDS),
      idleCpuMsPerSecond: round(idleCpuMsPerSecond),
      cpuMsPerSendAboveIdle: round((sum(spent) - idleCpuMsPerSecond * seconds) / SENDS),
      perProcess,
      send: summarize(run.send),
      lastDelivery: summarize(run.lastDelivery),
    };
    console.log(
      `  ${point.cpuMsPerSend} CPU ms per send (${point.cpuMsPerSendAboveIdle} above idle), send p50 ${point.send.p50} ms, last delivery p50 ${point.lastDelivery.p50} ms`,
    );
    return point;
  } finally {
    await topology.stop();
  }
}
