/**
 * Many requests without flooding the server: registrations a hundred at a time, and long-polls
 * opened a slice at a time. Thousands of connections opened at once overflow a server's listen
 * backlog and some are reset; how fast they are opened is not what the benchmarks time.
 */
const CONCURRENCY = 100;
const SLICE = 250;
const PAUSE_MS = 100;

/** `run` for every item, at most CONCURRENCY at once; the results in the items' order. */
export async function inBatches<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += CONCURRENCY) results.push(...(await Promise.all(items.slice(i, i + CONCURRENCY).map(run))));
  return results;
}

/** `open` for every item (it starts something and returns), pausing PAUSE_MS after every SLICE items. */
export async function inSlices<T>(items: T[], open: (item: T) => void): Promise<void> {
  for (const [i, item] of items.entries()) {
    if (i > 0 && i % SLICE === 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    open(item);
  }
}
