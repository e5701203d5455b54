/**
 * Where the rate limiter's windows live: in memory for the embedded topology (one process), in
 * Redis for the replicas that must share them, gateways and event tier alike
 * (libs/runtime/src/rate-limit-redis.ts). One contract suite runs against both.
 *
 * The window is a sliding log, as Zulip's (zerver/lib/rate_limiter.py): the times of the requests
 * allowed in the last `windowMs`. A request is allowed while fewer than `max` remain in the window;
 * a refused request is not recorded, so a client that keeps retrying is free again exactly when
 * its oldest counted request leaves the window.
 */

export interface RateLimitRule {
  windowMs: number;
  max: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Requests still allowed in the window after this one. */
  remaining: number;
  /** Milliseconds until one more request would be allowed (0 while some remain). */
  retryAfterMs: number;
  /** Milliseconds until the oldest request counted now leaves the window (0 when none). */
  resetMs: number;
}

export interface RateLimitStore {
  /** Counts a request against `key` unless the window is full; says whether it was allowed. */
  hit(key: string, rule: RateLimitRule, nowMs: number): Promise<RateLimitResult>;
  /** The window's state for one more request, without counting one. */
  peek(key: string, rule: RateLimitRule, nowMs: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

/**
 * What a window answers that holds `count` requests, the oldest at `oldestMs` (undefined: none),
 * `counted` saying whether this request is among them.
 */
export function windowResult(
  count: number,
  oldestMs: number | undefined,
  rule: RateLimitRule,
  nowMs: number,
  counted: boolean,
): RateLimitResult {
  const full = count >= rule.max;
  const untilOldestLeaves = oldestMs === undefined ? 0 : Math.max(0, oldestMs + rule.windowMs - nowMs);
  return {
    allowed: counted || !full,
    remaining: Math.max(0, rule.max - count),
    retryAfterMs: full ? untilOldestLeaves : 0,
    resetMs: untilOldestLeaves,
  };
}

/** Expired windows are dropped every this many hits, so idle keys do not accumulate. */
const PRUNE_EVERY = 10_000;

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, number[]>();
  private hits = 0;

  async hit(key: string, rule: RateLimitRule, nowMs: number): Promise<RateLimitResult> {
    if (++this.hits % PRUNE_EVERY === 0) this.prune(nowMs, rule.windowMs);
    const times = this.current(key, rule, nowMs);
    if (times.length >= rule.max) return windowResult(times.length, times[0], rule, nowMs, false);
    times.push(nowMs);
    this.windows.set(key, times);
    return windowResult(times.length, times[0], rule, nowMs, true);
  }

  async peek(key: string, rule: RateLimitRule, nowMs: number): Promise<RateLimitResult> {
    const times = this.current(key, rule, nowMs);
    return windowResult(times.length, times[0], rule, nowMs, false);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private current(key: string, rule: RateLimitRule, nowMs: number): number[] {
    const times = this.windows.get(key) ?? [];
    const firstLive = times.findIndex((t) => t > nowMs - rule.windowMs);
    return firstLive === -1 ? [] : times.slice(firstLive);
  }

  private prune(nowMs: number, windowMs: number): void {
    for (const [key, times] of this.windows) {
      if ((times[times.length - 1] ?? 0) <= nowMs - windowMs) this.windows.delete(key);
    }
  }
}
