/**
 * Waiting for follow-ups (@chat/contracts' followUps) to be done: every request committed so far
 * handed to the jobs, and no job of a follow-up kind left waiting or running. A test that checks
 * what a change caused, follow-ups included, waits for this before it looks.
 */
import { followUps } from '@chat/contracts';
import type { Database } from '@chat/db';
import type { Jobs } from '@chat/jobs';
import { waitFor } from './waits';

const FOLLOW_UP_KINDS = Object.values(followUps).map((followUp) => followUp.kind);

export async function followUpsDone(db: Database, jobs: Jobs): Promise<boolean> {
  const undispatched = await db.knex('job_requests').whereIn('kind', FOLLOW_UP_KINDS).whereNull('enqueued_at').count({ n: '*' }).first();
  if (Number(undispatched?.n ?? 0) > 0) return false;
  const pending = await Promise.all(FOLLOW_UP_KINDS.map((kind) => jobs.pending(kind)));
  return pending.every((n) => n === 0);
}

export function waitForFollowUps(db: Database, jobs: Jobs, timeoutMs = 10_000): Promise<void> {
  return waitFor(() => followUpsDone(db, jobs), timeoutMs, { stepMs: 20, what: 'follow-ups done' });
}
