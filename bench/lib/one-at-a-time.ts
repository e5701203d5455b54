/**
 * Sends one message at a time, the next once every poller has the previous one: delivery without
 * load (bench:delivery), and what one send to a stream of a given size costs without queueing
 * behind the one before it (bench:scaling). With a rate, sends are also no closer together than
 * one every 1/rate seconds. Each send is timed from its issue to its answer, and to each poller's
 * long-poll returning it (the last of them is the send's last delivery).
 */
import { onDeliveries, type LoadTarget } from './load';

export interface OneAtATimeOptions {
  count: number;
  /** At most this many sends per second; without it, each right after the previous one's last delivery. */
  rate?: number;
  /** A message not delivered to every poller by then fails the run rather than hanging it. */
  timeoutMs: number;
}

export interface OneAtATimeRun {
  /** Issue to answer, per send (ms). */
  send: number[];
  /** Issue to a poller's long-poll returning it, per send and poller (ms). */
  delivery: number[];
  /** Issue to the last poller's, per send (ms). */
  lastDelivery: number[];
  /** Sends per second over the whole run. */
  achievedRate: number;
}

/** Message numbers go on across runs, so a late delivery from an earlier run is never taken for a current one. */
let nextSeq = 0;

export async function sendOneAtATime(target: LoadTarget, options: OneAtATimeOptions): Promise<OneAtATimeRun> {
  const run: OneAtATimeRun = { send: [], delivery: [], lastDelivery: [], achievedRate: 0 };
  let current = { seq: -1, issued: 0, left: 0, done: () => {} };
  onDeliveries((seq) => {
    if (seq !== current.seq) return;
    const ms = performance.now() - current.issued;
    run.delivery.push(ms);
    if (--current.left > 0) return;
    run.lastDelivery.push(ms);
    current.done();
  });
  const started = performance.now();
  try {
    for (let i = 0; i < options.count; i++) {
      const wait = options.rate ? started + (i * 1000) / options.rate - performance.now() : 0;
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const seq = nextSeq++;
      let timer: NodeJS.Timeout | undefined;
      const delivered = new Promise<void>((done, fail) => {
        current = { seq, issued: performance.now(), left: target.pollers, done };
        timer = setTimeout(
          () => fail(new Error(`message ${seq} not delivered to every poller within ${options.timeoutMs} ms`)),
          options.timeoutMs,
        );
      });
      try {
        await target.send(seq);
        run.send.push(performance.now() - current.issued);
        await delivered;
      } finally {
        clearTimeout(timer);
      }
    }
  } finally {
    onDeliveries(null);
  }
  run.achievedRate = Math.round((options.count / ((performance.now() - started) / 1000)) * 100) / 100;
  return run;
}
