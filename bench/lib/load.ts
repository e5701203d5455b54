/**
 * Open-loop load: sends are issued on a fixed schedule (RATE per second) whether or not earlier
 * ones have been answered, so a server that falls behind shows it as growing latency and a
 * shortfall instead of silently slowing the generator down (closed-loop "coordinated omission").
 * Pollers long-poll all along; each delivery is timed from the moment its send was issued.
 * Bounded: at most maxInFlight sends outstanding (beyond that a send is skipped and counted),
 * and a fixed drain time after the schedule ends.
 */
import { summarize, type LatencySummary } from '../stats';

export interface LoadTarget {
  name: string;
  /** Sends message number `seq`; rejects on any error answer. */
  send(seq: number): Promise<void>;
  /** How many pollers receive every message. */
  pollers: number;
  /** Starts the pollers; each calls `received(seq)` for every message it gets. */
  startPolling(received: (seq: number) => void): void;
  stop(): Promise<void>;
}

export interface RunOptions {
  rate: number;
  seconds: number;
  maxInFlight?: number;
  drainSeconds?: number;
}

export interface RunResult {
  offeredRate: number;
  achievedRate: number;
  seconds: number;
  sent: number;
  completed: number;
  errors: number;
  skipped: number;
  /** Deliveries received / (sent × pollers). */
  deliveredShare: number;
  send: LatencySummary;
  delivery: LatencySummary;
  /** Median send latency in the first and the last third of the run (ms). */
  firstThirdMs: number;
  lastThirdMs: number;
  keptUp: boolean;
  /** Per second: sends completed and messages delivered (deliveries / pollers). */
  timeline: { t: number; completed: number; delivered: number }[];
  firstError?: string;
}

let nextSeq = 0;
let active: ((seq: number) => void) | null = null;

/** Pollers report to whichever run is active; deliveries of an older run's sends are dropped. */
export function deliveryHandler(seq: number): void {
  active?.(seq);
}

/** For a driver of its own (bench:delivery): where the pollers' deliveries go until replaced. */
export function onDeliveries(handler: ((seq: number) => void) | null): void {
  active = handler;
}

/** Medians, not means: one GC pause or a neighbour's burst should not read as a server falling behind. */
const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : NaN);

export async function runOpenLoop(target: LoadTarget, options: RunOptions): Promise<RunResult> {
  const { rate, seconds } = options;
  const maxInFlight = options.maxInFlight ?? Math.max(200, rate * 2);
  const sentAt = new Map<number, number>();
  const sendSamples: { at: number; ms: number }[] = [];
  const deliverySamples: number[] = [];
  const buckets = Array.from({ length: Math.ceil(seconds + (options.drainSeconds ?? 5)) + 1 }, (_, t) => ({
    t,
    completed: 0,
    delivered: 0,
  }));
  const started = performance.now();
  const bucket = (now: number) => buckets[Math.min(buckets.length - 1, Math.floor((now - started) / 1000))]!;
  let errors = 0;
  let skipped = 0;
  let inFlight = 0;
  let completedInWindow = 0;
  let firstError: string | undefined;
  active = (seq) => {
    const at = sentAt.get(seq);
    if (at === undefined) return;
    const now = performance.now();
    deliverySamples.push(now - at);
    bucket(now).delivered += 1 / target.pollers;
  };
  const total = Math.round(rate * seconds);
  const outstanding: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (inFlight >= maxInFlight) {
      skipped++;
      continue;
    }
    const seq = nextSeq++;
    const issued = performance.now();
    sentAt.set(seq, issued);
    inFlight++;
    outstanding.push(
      target.send(seq).then(
        () => {
          const now = performance.now();
          inFlight--;
          sendSamples.push({ at: issued - started, ms: now - issued });
          bucket(now).completed++;
          if (now - started <= seconds * 1000 + 1000) completedInWindow++;
        },
        (err: unknown) => {
          inFlight--;
          errors++;
          firstError ??= String(err);
        },
      ),
    );
  }
  const drainUntil = performance.now() + (options.drainSeconds ?? 5) * 1000;
  await Promise.race([Promise.all(outstanding), new Promise((r) => setTimeout(r, Math.max(0, drainUntil - performance.now())))]);
  // Deliveries still on their way get the rest of the drain time.
  while (deliverySamples.length < sentAt.size * target.pollers && performance.now() < drainUntil) {
    await new Promise((r) => setTimeout(r, 50));
  }
  active = null;
  const third = (seconds * 1000) / 3;
  const firstThirdMs = median(sendSamples.filter((s) => s.at < third).map((s) => s.ms));
  const lastThirdMs = median(sendSamples.filter((s) => s.at >= 2 * third).map((s) => s.ms));
  const achievedRate = completedInWindow / seconds;
  // A target without pollers (the floor without its polls) has nothing to deliver.
  const deliveredShare = target.pollers === 0 ? 1 : sentAt.size ? deliverySamples.length / (sentAt.size * target.pollers) : 0;
  // Kept up: (almost) every send issued and answered in time, every delivery made, and the median
  // latency at the end of the run no worse than twice that at its start (plus 20 ms of noise).
  const keptUp =
    errors === 0 && skipped === 0 && achievedRate >= 0.95 * rate && deliveredShare >= 0.99 && lastThirdMs <= 2 * firstThirdMs + 20;
  return {
    offeredRate: rate,
    achievedRate: Math.round(achievedRate * 10) / 10,
    seconds,
    sent: sentAt.size,
    completed: sendSamples.length,
    errors,
    skipped,
    deliveredShare: Math.round(deliveredShare * 1000) / 1000,
    send: summarize(sendSamples.map((s) => s.ms)),
    delivery: summarize(deliverySamples),
    firstThirdMs: Math.round(firstThirdMs * 10) / 10,
    lastThirdMs: Math.round(lastThirdMs * 10) / 10,
    keptUp,
    timeline: buckets.map((b) => ({ ...b, delivered: Math.round(b.delivered * 10) / 10 })),
    firstError,
  };
}

export interface SustainedSearch {
  steps: RunResult[];
  sustainedRate: number;
  confirm: RunResult | null;
}

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PAUSE_BETWEEN_STEPS_MS = 2000;

/**
 * The highest rate the target keeps up with: rates grow by half from BENCH_START_RATE until a
 * step fails twice in a row, the gap is bisected twice, and the result is confirmed by a longer
 * run (lowered by a tenth while the confirmation fails, at most 12 times and not below
 * BENCH_START_RATE).
 */
export async function findSustainedRate(target: LoadTarget, log: (line: string) => void): Promise<SustainedSearch> {
  const stepSecs = env('BENCH_STEP_SECS', 6);
  const maxRate = env('BENCH_MAX_RATE', 3000);
  const steps: RunResult[] = [];
  const step = async (rate: number, seconds = stepSecs): Promise<boolean> => {
    const failedBefore = steps.at(-1)?.offeredRate === rate && !steps.at(-1)!.keptUp;
    // A pause first, so what an overloaded step left queued in the server (relay, bus, appends)
    // is not charged to this one.
    await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_STEPS_MS));
    const result = await runOpenLoop(target, { rate, seconds });
    steps.push(result);
    log(
      `  ${target.name}: offered ${rate}/s achieved ${result.achievedRate}/s send p50 ${result.send.p50} p99 ${result.send.p99} ms, ` +
        `delivered ${result.deliveredShare}, errors ${result.errors}, skipped ${result.skipped} -> ${result.keptUp ? 'kept up' : 'fell behind'}` +
        (result.firstError ? ` (${result.firstError.slice(0, 160)})` : ''),
    );
    // A failed step is run once more before it counts: on a shared machine one bad stretch
    // (another process's burst) should not end the search.
    if (!result.keptUp && !failedBefore) return step(rate, seconds);
    return result.keptUp;
  };
  let pass = 0;
  let fail = 0;
  for (let rate = env('BENCH_START_RATE', 20); rate <= maxRate; rate = Math.round(rate * 1.5)) {
    if (!(await step(rate))) {
      fail = rate;
      break;
    }
    pass = rate;
  }
  for (let i = 0; i < 2 && fail && fail - pass > 2; i++) {
    const middle = Math.round((pass + fail) / 2);
    if (await step(middle)) pass = middle;
    else fail = middle;
  }
  // Lowered by a tenth per failed confirmation, down to the first step's rate: a target whose
  // short steps looked better than it sustains still gets a figure instead of none.
  const lowest = env('BENCH_START_RATE', 20);
  let confirm: RunResult | null = null;
  for (let attempt = 0; attempt < 12 && pass >= lowest; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_STEPS_MS));
    confirm = await runOpenLoop(target, { rate: pass, seconds: env('BENCH_CONFIRM_SECS', 15) });
    log(
      `  ${target.name}: confirm ${pass}/s for ${confirm.seconds} s -> achieved ${confirm.achievedRate}/s, ${confirm.keptUp ? 'kept up' : 'fell behind'}`,
    );
    if (confirm.keptUp) break;
    pass = Math.floor(pass * 0.9);
  }
  return { steps, sustainedRate: confirm?.keptUp ? pass : 0, confirm };
}
