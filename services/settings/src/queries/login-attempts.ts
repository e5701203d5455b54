/** The failed-login attempts actions/login-limiter.ts counts (migration 0300's login_attempts). */
import type { Executor } from '@chat/db';

/** The start of the window attempts are counted in, as PostgreSQL's clock has it. */
export function windowStart(db: Executor, windowSeconds: number) {
  return db.raw(`now() - make_interval(secs => ?)`, [windowSeconds]);
}

/**
 * The attempts under `key` made before attempt `id` and still in the window, and the seconds until
 * the oldest of them leaves it.
 */
export async function earlierAttempts(
  db: Executor,
  key: string,
  id: number,
  windowSeconds: number,
): Promise<{ n: number; wait: number | null }> {
  return (await db('login_attempts')
    .where('key', key)
    .where('id', '<', id)
    .where('attempted_at', '>', windowStart(db, windowSeconds))
    .select(
      db.raw('count(*)::int AS n'),
      db.raw('extract(epoch from (min(attempted_at) + make_interval(secs => ?) - now()))::float8 AS wait', [windowSeconds]),
    )
    .first()) as { n: number; wait: number | null };
}
