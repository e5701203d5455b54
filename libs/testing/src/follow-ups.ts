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

/** The payloads of the follow-ups of one kind requested after job request `sinceId`, in order. */
export async function requestedFollowUps<P>(db: Database, followUp: { kind: string; payload?: P }, sinceId = 0): Promise<P[]> {
  const rows: { payload: P | string }[] = await db
    .knex('job_requests')
    .where('id', '>', sinceId)
    .andWhere({ kind: followUp.kind })
    .orderBy('id');
  // PGlite's driver hands JSON columns back as text.
  return rows.map((row) => (typeof row.payload === 'string' ? (JSON.parse(row.payload) as P) : row.payload));
}

export function waitForFollowUps(db: Database, jobs: Jobs, timeoutMs = 10_000): Promise<void> {
  return waitFor(() => followUpsDone(db, jobs), timeoutMs, { stepMs: 20, what: 'follow-ups done' });
}
