/**
 * The rate limiter's windows (@chat/http's RateLimitStore) in Redis, shared by every gateway and
 * event-queue replica. Each check is one Lua script, so two replicas counting the same user's
 * requests at once cannot both take the last slot. A window is a sorted set of request times (ms);
 * it expires with its newest request.
 */
import { createHash, randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import type { Config } from '@chat/config';
import { RateLimiter, windowResult, type RateLimitResult, type RateLimitRule, type RateLimitStore } from '@chat/http';
import type { Logger } from '@chat/log';

// ARGV: now (ms), window (ms), max, 1 to count the request or 0 to peek, a member unique to it.
// Returns {counted, requests in the window, oldest request's time or -1}.
const SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local counted = 0
if ARGV[4] == '1' and count < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + 1
  counted = 1
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local oldestMs = -1
if oldest[2] then oldestMs = tonumber(oldest[2]) end
return {counted, count, oldestMs}
`;
const SCRIPT_SHA = createHash('sha1').update(SCRIPT).digest('hex');

export class RedisRateLimitStore implements RateLimitStore {
  /** Members must differ between requests of the same millisecond, across replicas too. */
  private readonly memberPrefix = randomBytes(6).toString('hex');
  private sequence = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, rule: RateLimitRule, nowMs: number): Promise<RateLimitResult> {
    return this.check(key, rule, nowMs, true);
  }

  async peek(key: string, rule: RateLimitRule, nowMs: number): Promise<RateLimitResult> {
    return this.check(key, rule, nowMs, false);
  }

  async close(): Promise<void> {
    // QUIT only reaches a live connection; otherwise stop reconnecting, or a timer keeps the process up.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  private async check(key: string, rule: RateLimitRule, nowMs: number, count: boolean): Promise<RateLimitResult> {
    const member = `${this.memberPrefix}:${this.sequence++}`;
    const args = [this.prefix + key, nowMs, rule.windowMs, rule.max, count ? 1 : 0, member];
    const [counted, requests, oldest] = (await this.run(args)) as [number, number, number];
    return windowResult(requests, oldest < 0 ? undefined : oldest, rule, nowMs, counted === 1);
  }

  /** EVALSHA, loading the script on the first NOSCRIPT (a new or flushed server). */
  private async run(args: (string | number)[]): Promise<unknown> {
    try {
      return await this.redis.evalsha(SCRIPT_SHA, 1, ...args);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      return this.redis.eval(SCRIPT, 1, ...args);
    }
  }
}

/**
 * A store on its own connection, ready to count once Redis answers. Commands fail at once while
 * Redis is away (no offline queue, one retry) so the limiter lets requests through instead of
 * holding them; Redis being down at start does not stop the process (ioredis keeps reconnecting).
 */
export async function openRedisRateLimitStore(url: string, prefix: string, logger?: Logger): Promise<RedisRateLimitStore> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  // ioredis reconnects by itself; without a listener an 'error' would crash the process.
  redis.on('error', (err) => logger?.warn({ err }, 'rate-limit redis connection error (reconnecting)'));
  await redis
    .connect()
    .catch((err: unknown) => logger?.warn({ err }, 'rate-limit redis unavailable at start; requests go unlimited until it answers'));
  return new RedisRateLimitStore(redis, prefix);
}

export interface SharedRateLimiter {
  /** Undefined when RATE_LIMIT_PER_MINUTE is 0 (no Redis connection is opened then). */
  limiter: RateLimiter | undefined;
  close(): Promise<void>;
}

/**
 * The limiter of a distributed process that faces clients (gateway, event tier): its windows in
 * Redis under one prefix per namespace, so a user's requests count in one window whichever
 * replica, gateway or event tier, answers them.
 */
export async function openSharedRateLimiter(config: Config, logger: Logger): Promise<SharedRateLimiter> {
  if (config.rateLimitPerMinute <= 0) return { limiter: undefined, close: async () => undefined };
  const store = await openRedisRateLimitStore(config.redisUrl, `${config.namespace}:rl:`, logger);
  const limiter = new RateLimiter({ store, perMinute: config.rateLimitPerMinute, logger });
  return { limiter, close: () => store.close() };
}
