/**
 * The fetch bench:fetch and bench:scaling time: the newest 100 messages of one stream and topic
 * of the generator's (lib/generator.ts) as hamlet, through the public API (the gateway in the
 * distributed topology), BENCH_ROUNDS sequential rounds after a short warm-up.
 */
import { apiCall, basicAuth } from './http';
import { summarize, type LatencySummary } from '../stats';

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARMUP = 10;
const NARROW = JSON.stringify([
  { operator: 'stream', operand: 'Denmark' },
  { operator: 'topic', operand: 'topic 7' },
]);

/** `once` run WARMUP times untimed, then ROUNDS times timed, one after another. */
export async function timeRounds(once: () => Promise<unknown>): Promise<LatencySummary> {
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

/** GET /messages for the newest 100 of Denmark's "topic 7", timed; `returned` is how many the answers held. */
export async function timeTopicFetch(url: string): Promise<{ http: LatencySummary; returned: number }> {
  const key = await apiCall(url, 'POST', '/dev_fetch_api_key', {}, { username: 'hamlet@zulip.com' });
  const headers = basicAuth('hamlet@zulip.com', String(key.api_key));
  let returned = 0;
  const http = await timeRounds(async () => {
    const body = await apiCall(url, 'GET', '/messages', headers, {
      anchor: '1000000000',
      num_before: '100',
      num_after: '0',
      narrow: NARROW,
    });
    returned = (body.messages as unknown[]).length;
  });
  return { http, returned };
}
