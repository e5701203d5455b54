/**
 * Counted attempts, as Zulip's RATE_LIMITING_RULES count them: each limit is a set of rules
 * (at most `max` attempts within `windowSeconds`) per key. Failed password logins are limited as
 * Zulip limits them ("authenticate_by_username"): 5 attempts per username within 30 minutes, and a
 * password check of any kind counts (a login, the old password of a password change); a success
 * clears the username's history. Attempts are counted before the password is checked, so a
 * guesser learns nothing from the sixth try, not even whether it was right.
 *
 * The state is behind an interface and kept in the database by default, so every replica and the
 * embedded server enforce one count. The sign-up e-mails use the same machinery with their own
 * rules (actions/signup-mail.ts).
 */
import { createHash } from 'node:crypto';
import type { Executor } from '@chat/db';
import { ApiError } from '@chat/errors';
import { earlierAttempts, windowStart } from '../queries/login-attempts';

export interface AttemptRule {
  windowSeconds: number;
  max: number;
}

export const LOGIN_WINDOW_SECONDS = 30 * 60;
export const LOGIN_MAX_ATTEMPTS = 5;
const LOGIN_RULES: readonly AttemptRule[] = [{ windowSeconds: LOGIN_WINDOW_SECONDS, max: LOGIN_MAX_ATTEMPTS }];

export interface AttemptLimiter {
  /**
   * Counts an attempt for `key`; resolves to null when it is allowed, else to the seconds until
   * the key may try again (a refused attempt is not counted, as Zulip's limiter does not count it).
   */
  attempt(key: string): Promise<number | null>;
  /** Forgets the key's attempts (after a successful login, a password change). */
  clear(key: string): Promise<void>;
}

export type LoginLimiter = AttemptLimiter;

/** The username a password check counts under: the same key for a login and a password change. */
export function passwordCheckKey(realmId: number | null, username: string): string {
  return `${realmId ?? 0}:${username.trim().toLowerCase()}`;
}

/** Zulip 2.1's rate-limit answer (RateLimitMiddleware): no code, retry-after in seconds. */
export function rateLimited(secondsToFreedom: number): ApiError {
  const secs = Math.max(0, Math.round(secondsToFreedom * 1000) / 1000);
  return new ApiError('API usage exceeded rate limit', {
    status: 429,
    extra: { 'retry-after': secs },
    headers: { 'Retry-After': String(secs) },
  });
}

/**
 * Attempts are kept under a hash of the limit's name and the key: the table (and any error about a
 * statement on it) never holds the address someone typed, which may be a stranger's or a mistyped
 * password, nor a client's IP address.
 */
function storedKey(limit: string, key: string): string {
  return createHash('sha256').update(`${limit}:${key}`).digest('hex');
}

/** Attempts under `limit` (a Zulip rule name) counted in the database, by `rules`. */
export function databaseAttemptLimiter(db: Executor, limit: string, rules: readonly AttemptRule[]): AttemptLimiter {
  const longest = Math.max(...rules.map((r) => r.windowSeconds));
  return {
    async attempt(key) {
      const stored = storedKey(limit, key);
      // Insert first, then count: two concurrent attempts each see the other, so none slips past.
      await db('login_attempts').where('key', stored).where('attempted_at', '<=', windowStart(db, longest)).delete();
      const [row] = await db('login_attempts').insert({ key: stored }).returning('id');
      const id = (row as { id: number }).id;
      let wait: number | null = null;
      for (const rule of rules) {
        const stats = await earlierAttempts(db, stored, id, rule.windowSeconds);
        if (stats.n >= rule.max) wait = Math.max(wait ?? 0, stats.wait ?? rule.windowSeconds);
      }
      if (wait !== null) await db('login_attempts').where({ id }).delete();
      return wait;
    },
    async clear(key) {
      await db('login_attempts')
        .where({ key: storedKey(limit, key) })
        .delete();
    },
  };
}

export function databaseLoginLimiter(db: Executor): LoginLimiter {
  return databaseAttemptLimiter(db, 'authenticate_by_username', LOGIN_RULES);
}
