/**
 * One contract for the rate limiter's windows, run against memory and Redis: the sliding window
 * of Zulip's rate limiter, with a clock the test moves (no waiting).
 */
import { randomBytes } from 'node:crypto';
import { MemoryRateLimitStore, type RateLimitRule, type RateLimitStore } from '@chat/http';
import { openRedisRateLimitStore } from '../src/rate-limit-redis';

jest.setTimeout(30_000);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MINUTE: RateLimitRule = { windowMs: 60_000, max: 3 };
const T0 = 1_700_000_000_000;

interface Adapter {
  name: string;
  /** Two stores on the same windows (two gateway replicas; the memory store is one process). */
  open(): Promise<[RateLimitStore, RateLimitStore]>;
}

const adapters: Adapter[] = [
  {
    name: 'memory',
    open: async () => {
      const store = new MemoryRateLimitStore();
      return [store, store];
    },
  },
  {
    name: 'redis',
    open: async () => {
      const prefix = `t${randomBytes(5).toString('hex')}:rl:`;
      return [await openRedisRateLimitStore(REDIS_URL, prefix), await openRedisRateLimitStore(REDIS_URL, prefix)];
    },
  },
];

describe.each(adapters)('rate limit store contract ($name)', (adapter) => {
  let stores: [RateLimitStore, RateLimitStore];
  let store: RateLimitStore;
  const key = () => `user:${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    stores = await adapter.open();
    store = stores[0];
  });
  afterAll(async () => {
    await stores[0].close();
    if (stores[1] !== stores[0]) await stores[1].close();
  });

  it('allows `max` requests in the window, counting down, and refuses the next until the oldest leaves', async () => {
    const k = key();
    expect(await store.hit(k, MINUTE, T0)).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0, resetMs: 60_000 });
    expect(await store.hit(k, MINUTE, T0 + 1000)).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0, resetMs: 59_000 });
    // The window is now full: the next request waits for the oldest to leave.
    expect(await store.hit(k, MINUTE, T0 + 2000)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 58_000, resetMs: 58_000 });
    expect(await store.hit(k, MINUTE, T0 + 30_000)).toEqual({ allowed: false, remaining: 0, retryAfterMs: 30_000, resetMs: 30_000 });
    expect(await store.hit(k, MINUTE, T0 + 59_999)).toMatchObject({ allowed: false, retryAfterMs: 1 });
  });

  it('slides: a slot frees exactly when its request is 60 s old, and refused requests are not counted', async () => {
    const k = key();
    for (const at of [0, 10_000, 20_000]) await store.hit(k, MINUTE, T0 + at);
    for (let at = 30_000; at < 60_000; at += 5000) expect((await store.hit(k, MINUTE, T0 + at)).allowed).toBe(false);
    expect(await store.hit(k, MINUTE, T0 + 60_000)).toMatchObject({ allowed: true, remaining: 0, resetMs: 10_000 });
    expect(await store.hit(k, MINUTE, T0 + 65_000)).toMatchObject({ allowed: false, retryAfterMs: 5000 });
    expect(await store.hit(k, MINUTE, T0 + 70_000)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('keeps keys apart', async () => {
    const [a, b] = [key(), key()];
    for (let i = 0; i < 3; i++) await store.hit(a, MINUTE, T0);
    expect((await store.hit(a, MINUTE, T0)).allowed).toBe(false);
    expect(await store.hit(b, MINUTE, T0)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('peeks without counting', async () => {
    const k = key();
    expect(await store.peek(k, MINUTE, T0)).toEqual({ allowed: true, remaining: 3, retryAfterMs: 0, resetMs: 0 });
    await store.hit(k, MINUTE, T0);
    await store.hit(k, MINUTE, T0);
    expect(await store.peek(k, MINUTE, T0 + 1)).toMatchObject({ allowed: true, remaining: 1 });
    await store.hit(k, MINUTE, T0 + 2);
    expect(await store.peek(k, MINUTE, T0 + 3)).toMatchObject({ allowed: false, remaining: 0, retryAfterMs: 59_997 });
    expect(await store.peek(k, MINUTE, T0 + 60_000)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('counts requests of the same millisecond apart', async () => {
    const k = key();
    const rule = { windowMs: 60_000, max: 5 };
    for (let i = 0; i < 5; i++) expect((await store.hit(k, rule, T0)).allowed).toBe(true);
    expect((await store.hit(k, rule, T0)).allowed).toBe(false);
  });

  it('lets exactly `max` of many simultaneous requests through, from two replicas', async () => {
    const k = key();
    const rule = { windowMs: 60_000, max: 10 };
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => stores[i % 2]!.hit(k, rule, T0)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });
});
