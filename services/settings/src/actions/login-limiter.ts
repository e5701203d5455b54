/**
 * Failed password logins are limited as Zulip limits them (RATE_LIMITING_RULES
 * "authenticate_by_username"): 5 attempts per username within 30 minutes; a successful login
 * clears the username's history. Attempts are counted before the password is checked, so a
 * guesser learns nothing from the sixth try, not even whether it was right.
 *
 * The state is behind an interface and kept in the database by default, so every replica and the
 * embedded server enforce one count.
 */
import { createHash } from 'node:crypto';
import type { Executor } from '@chat/db';
import { ApiError } from '@chat/errors';
import { earlierAttempts, windowStart } from '../queries/login-attempts';

export const LOGIN_WINDOW_SECONDS = 30 * 60;
export const LOGIN_MAX_ATTEMPTS = 5;

export interface LoginLimiter {
  /** Counts an attempt for `key`; throws Zulip's 429 when the key has used up its attempts. */
  attempt(key: string): Promise<void>;
  /** Forgets the key's attempts (after a successful login, a password change). */
  clear(key: string): Promise<void>;
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
 * Attempts are kept under a hash of the username: the table (and any error about a statement on
 * it) never holds the address someone typed, which may be a stranger's or a mistyped password.
 */
function storedKey(username: string): string {
  return createHash('sha256').update(username).digest('hex');
}

export function databaseLoginLimiter(db: Executor): LoginLimiter {
  return {
    async attempt(username) {
      const key = storedKey(username);
      // Insert first, then count: two concurrent guesses each see the other, so none slips past.
      await db('login_attempts').where('key', key).where('attempted_at', '<=', windowStart(db, LOGIN_WINDOW_SECONDS)).delete();
      const [row] = await db('login_attempts').insert({ key }).returning('id');
      const id = (row as { id: number }).id;
      const stats = await earlierAttempts(db, key, id, LOGIN_WINDOW_SECONDS);
      if (stats.n >= LOGIN_MAX_ATTEMPTS) {
        // A refused attempt is not counted, as Zulip's limiter does not count it.
        await db('login_attempts').where({ id }).delete();
        throw rateLimited(stats.wait ?? LOGIN_WINDOW_SECONDS);
      }
    },
    async clear(username) {
      await db('login_attempts').where({ key: storedKey(username) }).delete();
    },
  };
}
