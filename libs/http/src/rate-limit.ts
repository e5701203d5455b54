/**
 * Rate limiting as Zulip 2.1 does it (behaviour notes 1.5): a sliding window of
 * RATE_LIMIT_PER_MINUTE requests (Zulip's 200) in any 60 s per user, answered past it with 429,
 * `{"result":"error","msg":"API usage exceeded rate limit","retry-after":<float s>}` (no code),
 * Retry-After, and X-RateLimit-Limit/Remaining/Reset on every counted response.
 *
 * Stricter, per client IP, where nobody is authenticated yet: the endpoints declared
 * `limitPerClient` (those that hand out API keys, /fetch_api_key and /dev_fetch_api_key, and those
 * that start an external login, each writing a login state) count every request, and /external/* counts requests whose
 * key was refused, so keys cannot be guessed quickly; both at UNAUTHENTICATED_PER_MINUTE. Failed
 * password logins keep their own 5 per 30 min rule in the settings service.
 *
 * Every entry that authenticates clients counts with this one limiter on the same windows: the
 * gateway (its route steps below), and the event tier for the /register and /events requests the
 * ingress sends it directly (`countUser`, on express and on its plain node:http path). A request
 * the gateway forwarded was counted there and is not counted again.
 *
 * A store that fails (Redis away) lets requests through, logged: the limiter protects the
 * service and must not take it down.
 */
import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { ApiError } from '@chat/errors';
import type { Logger } from '@chat/log';
import type { RateLimitResult, RateLimitRule, RateLimitStore } from './rate-limit-store';

export const UNAUTHENTICATED_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

/** What the limiter needs to know of a gateway route: how its caller authenticates, its path. */
export interface RateLimitedRoute {
  path: string;
  auth: 'user' | 'public' | 'webhook';
  /** The declaration's limitPerClient: a public route limited per client address. */
  limitPerClient?: boolean;
}

export interface RateLimiterOptions {
  store: RateLimitStore;
  /** Requests per user per minute; 0 turns every limit off. */
  perMinute: number;
  logger: Logger;
  /** Milliseconds since the epoch; tests move it. */
  clock?: () => number;
}

/** Zulip's 429 answer; also what the render pool answers a user past their renders in flight. */
export function rateLimitedError(result: Pick<RateLimitResult, 'retryAfterMs'>): ApiError {
  const seconds = result.retryAfterMs / 1000;
  return new ApiError('API usage exceeded rate limit', {
    status: 429,
    extra: { 'retry-after': seconds },
    headers: { 'Retry-After': String(seconds) },
  });
}

/** The route's limiter steps around authentication; empty when limiting is off. */
export class RateLimiter {
  private readonly perUser: RateLimitRule;
  private readonly perIp: RateLimitRule = { windowMs: WINDOW_MS, max: UNAUTHENTICATED_PER_MINUTE };
  private readonly clock: () => number;

  constructor(private readonly options: RateLimiterOptions) {
    this.perUser = { windowMs: WINDOW_MS, max: options.perMinute };
    this.clock = options.clock ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.perMinute > 0;
  }

  /** Before authentication: API-key endpoints count the IP; webhooks refuse an IP over its limit. */
  beforeAuth(route: RateLimitedRoute): RequestHandler[] {
    if (!this.enabled) return [];
    if (route.auth === 'public' && route.limitPerClient === true) return [this.check((req) => ipKey('login', req), this.perIp, 'hit')];
    if (route.auth === 'webhook') return [this.check((req) => ipKey('webhook', req), this.perIp, 'peek')];
    return [];
  }

  /** After authentication: every authenticated request counts against its user. */
  afterAuth(route: RateLimitedRoute): RequestHandler[] {
    if (!this.enabled || route.auth === 'public') return [];
    return [this.check((req) => (req.identity?.kind === 'user' ? userKey(req.identity.userId) : null), this.perUser, 'hit')];
  }

  /** A webhook request whose key was refused counts against its IP, then gets its own error. */
  onAuthFailure(route: RateLimitedRoute): ErrorRequestHandler[] {
    if (!this.enabled || route.auth !== 'webhook') return [];
    return [
      (err: unknown, req, _res, next) => {
        if (!(err instanceof ApiError)) {
          next(err);
          return;
        }
        this.options.store
          .hit(ipKey('webhook', req), this.perIp, this.clock())
          .catch((storeErr: unknown) => this.options.logger.warn({ err: storeErr }, 'rate limit store failed; not counted'))
          .finally(() => next(err));
      },
    ];
  }

  /**
   * Counts one request of an authenticated user, as afterAuth does, for a server that is not the
   * gateway's express router: sets the X-RateLimit-* headers on `res` and resolves to the 429 to
   * answer, or null to go on.
   */
  async countUser(userId: number, res: ServerResponse): Promise<ApiError | null> {
    if (!this.enabled) return null;
    return this.count(userKey(userId), this.perUser, 'hit', res);
  }

  private check(keyOf: (req: Request) => string | null, rule: RateLimitRule, mode: 'hit' | 'peek'): RequestHandler {
    return async (req, res, next) => {
      const key = keyOf(req);
      next(key === null ? undefined : ((await this.count(key, rule, mode, res)) ?? undefined));
    };
  }

  private async count(key: string, rule: RateLimitRule, mode: 'hit' | 'peek', res: ServerResponse): Promise<ApiError | null> {
    const now = this.clock();
    let result: RateLimitResult;
    try {
      result = await this.options.store[mode](key, rule, now);
    } catch (err) {
      this.options.logger.warn({ err }, 'rate limit store failed; request let through');
      return null;
    }
    setRateLimitHeaders(res, rule, result, now);
    return result.allowed ? null : rateLimitedError(result);
  }
}

function userKey(userId: number): string {
  return `user:${userId}`;
}

/** Key endpoints and webhooks count apart, so failed webhook keys never block logins. */
function ipKey(kind: 'login' | 'webhook', req: Request): string {
  return `${kind}:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
}

function setRateLimitHeaders(res: ServerResponse, rule: RateLimitRule, result: RateLimitResult, nowMs: number): void {
  const untilFree = result.allowed ? result.resetMs : result.retryAfterMs;
  res.setHeader('X-RateLimit-Limit', String(rule.max));
  res.setHeader('X-RateLimit-Remaining', String(result.remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.floor((nowMs + untilFree) / 1000)));
}
