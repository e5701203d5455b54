/**
 * bench:scaling's third curve, GET /messages as the history grows: bench:fetch's fetch (the
 * newest 100 of one stream and topic, lib/fetch-timing.ts) over each size of generated history
 * (lib/generator.ts), on a topology started afresh. From BENCH_SCALING_CACHE_FROM messages
 * (10 million) the load is kept between runs and each run starts on a copy (lib/message-cache.ts).
 */
import { timeTopicFetch } from '../lib/fetch-timing';
import { loadMessages } from '../lib/generator';
import { cachedMessages, type CachedMessages } from '../lib/message-cache';
import { startTopology, type TopologyName } from '../lib/topology';
import type { LatencySummary } from '../stats';

const CACHE_FROM = Number(process.env.BENCH_SCALING_CACHE_FROM ?? 10_000_000);

export interface FetchPoint {
  topology: TopologyName;
  messages: number;
  /** Whether the messages came from a kept database. */
  cached: boolean;
  /** How long this run spent loading them (s): none when they came from a cache already built. */
  loadSeconds: number | null;
  returned: number;
  http: LatencySummary;
}

export async function measureFetches(name: TopologyName, messages: number): Promise<FetchPoint> {
  const cache: CachedMessages | null = messages >= CACHE_FROM ? await cachedMessages(name, messages) : null;
  let loadSeconds = cache?.builtSeconds ?? null;
  console.log(`${name}: GET /messages over ${messages} messages${cache ? ', a copy of the kept ones' : ''}`);
  const topology = await startTopology(
    name,
    async (db) => {
      if (!cache) loadSeconds = (await loadMessages(db, messages)).seconds;
    },
    cache?.from,
  );
  try {
    const { http, returned } = await timeTopicFetch(topology.url);
    console.log(`  p50 ${http.p50} ms, p99 ${http.p99} ms`);
    return { topology: name, messages, cached: cache !== null, loadSeconds, returned, http };
  } finally {
    await topology.stop();
  }
}
