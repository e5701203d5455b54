/**
 * Follow-ups that land before the answer. A follow-up (@chat/contracts' followUps) is durable: a
 * job request written in the change's transaction. Worked only by the jobs, though, its effect
 * came after the request's answer: a client that created a stream and posted at once saw its own
 * message before Notification Bot's "stream created", which Zulip sends within the request.
 *
 * So the requester holds its follow-ups (requestFollowUp with a `held` list), and after its commit
 * asks each owner to run them, in order, waiting at most FOLLOW_UP_WAIT_MS in all. A follow-up run
 * so is marked handled; one that failed or ran out of time, and every one after it (so their order
 * holds), is released to the jobs, which work it when the owner is back. The owner runs a held
 * request with the handler its jobs use, under the job's idempotency id (RunningJob.key, the one
 * the dispatcher enqueues it with), so a run the requester gave up on while it still finished is
 * not repeated by the job: handlers are idempotent by that key.
 */
import { FOLLOW_UP_RUN_ENDPOINTS, isFollowUpOwner } from '@chat/contracts';
import { type Executor } from '@chat/db';
import { jobIdOfRequest, markFollowUpDone, releaseFollowUps, type HeldFollowUp } from '@chat/dispatch';
import { badRequest } from '@chat/errors';
import type { InternalClient } from '@chat/http';
import type { JobHandler, JobPayload, Jobs } from '@chat/jobs';
import type { Logger } from '@chat/log';

/** The longest a request waits for its follow-ups; past it they are the jobs' to finish. */
export const FOLLOW_UP_WAIT_MS = 5_000;

/** A service's follow-up handlers by job kind. */
export type FollowUpHandlers = Record<string, JobHandler<JobPayload>>;

/** The owner's side: each handler works its kind's jobs. */
export async function workFollowUps(jobs: Jobs, handlers: FollowUpHandlers): Promise<void> {
  for (const [kind, handler] of Object.entries(handlers)) await jobs.work(kind, handler);
}

interface RequestRow {
  id: number | string;
  kind: string;
  payload: JobPayload | string;
  enqueued_at: Date | string | null;
}

/** The owner's side: runs a held request as its job would; one already handled does nothing. */
export async function runHeldFollowUp(db: Executor, handlers: FollowUpHandlers, requestId: number): Promise<void> {
  const row: RequestRow | undefined = await db('job_requests').where('id', requestId).first('id', 'kind', 'payload', 'enqueued_at');
  if (!row || row.enqueued_at !== null) return;
  const handler = Object.hasOwn(handlers, row.kind) ? handlers[row.kind] : undefined;
  if (!handler) throw badRequest(`No follow-up of kind ${row.kind} is run here`);
  // PGlite's driver hands JSON columns back as text.
  const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as JobPayload) : row.payload;
  const key = jobIdOfRequest(Number(row.id));
  await handler({ id: key, key, kind: row.kind, payload, attempt: 1 });
}

export interface FollowUpRequester {
  db: Executor;
  internal: InternalClient;
  logger: Logger;
}

/** The requester's side, after its commit: runs its held follow-ups in order, within the wait; never throws. */
export async function settleFollowUps(requester: FollowUpRequester, held: HeldFollowUp[], waitMs = FOLLOW_UP_WAIT_MS): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (const [index, followUp] of held.entries()) {
    const left = deadline - Date.now();
    try {
      if (left <= 0) throw new Error('no time left');
      if (!isFollowUpOwner(followUp.owner)) throw new Error(`no service runs follow-ups of ${followUp.owner}`);
      const run = FOLLOW_UP_RUN_ENDPOINTS[followUp.owner];
      await requester.internal.call(run, { request_id: followUp.requestId }, { realmId: null, timeoutMs: left });
      // Unmarked (the database failing now), the job runs it again, finding it done.
      await markFollowUpDone(requester.db, followUp.requestId).catch(() => undefined);
    } catch (err) {
      const rest = held.slice(index).map((f) => f.requestId);
      requester.logger.warn({ err, kind: followUp.kind, requests: rest }, 'follow-ups left to the background jobs');
      // The change committed, so the request succeeds whatever happens here; a release that
      // failed too leaves the holds to run out, after which the dispatcher takes the requests.
      await releaseFollowUps(requester.db, rest).catch((releaseErr: unknown) =>
        requester.logger.error({ err: releaseErr }, 'follow-ups not released'),
      );
      return;
    }
  }
}
