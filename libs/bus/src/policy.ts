/** Numbers and rules both adapters share, so the embedded and distributed buses behave alike. */

/** How long a published id is remembered for deduplication: JetStream's own default, 2 minutes.
 * The outbox relay republishes an unmarked row within seconds of a crash, far inside it. */
export const DEFAULT_DUPLICATE_WINDOW_MS = 2 * 60_000;

/** First wait before a record whose handler threw is delivered again. Short enough that a
 * transient failure (a Redis blip) costs ~0.1 s of latency on that partition, long enough that a
 * persistent one does not spin a core. */
const FIRST_REDELIVERY_DELAY_MS = 100;
/** The delay doubles per failed attempt up to this cap: a poisoned partition retries every 5 s
 * (and logs each time) instead of backing off into minutes of silence. */
const MAX_REDELIVERY_DELAY_MS = 5_000;

/** The wait before redelivering a record that has already been delivered `redeliveries` times
 * before the attempt that failed (0 after the first failure). */
export function redeliveryDelayMs(redeliveries: number): number {
  const exponent = Math.min(Math.max(redeliveries, 0), 16);
  return Math.min(FIRST_REDELIVERY_DELAY_MS * 2 ** exponent, MAX_REDELIVERY_DELAY_MS);
}

/** Group names become JetStream durable names (`<group>-p<partition>`), which cannot hold
 * `.`, `*`, `>` or whitespace; the in-process bus applies the same rule so a name that works
 * embedded also works distributed. */
export function assertGroupName(group: string): void {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(group)) {
    throw new Error(`invalid consumer group name ${JSON.stringify(group)}: use letters, digits, _ and -`);
  }
}

export function assertPartitions(partitions: number): void {
  if (!Number.isInteger(partitions) || partitions < 1 || partitions > 1024) {
    throw new Error(`partitions must be an integer from 1 to 1024, got ${partitions}`);
  }
}
