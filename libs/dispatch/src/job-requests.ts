/**
 * The jobs outbox. BullMQ cannot join a PostgreSQL transaction, so a service asks for a background
 * job by writing a request in the same transaction as its change (`requestJob`); the dispatcher
 * enqueues committed requests after commit, with the request's id as the job's idempotency id,
 * then marks them. So a job exists exactly when its change committed, and a dispatcher that runs
 * twice over the same request (a crash before marking, two processes at once) still makes one job.
 */
import { checkKind, Wakeable, type JobDeclaration, type Jobs, type JobPayload } from '@chat/jobs';
import type { Logger } from '@chat/log';
import { anyOf, type Database, type Executor } from '@chat/db';

export const JOB_REQUEST_CHANNEL = 'chat_job_requests';

/** Marked requests are kept this long (for an operator looking into a job's origin), then deleted. */
const KEEP_ENQUEUED_MS = 60 * 60 * 1000;

/** Asks for a job of a declared kind (defineJob, @chat/jobs), inside the transaction `trx` of the change it belongs to. */
export async function requestJob<P extends JobPayload>(
  trx: Executor,
  job: JobDeclaration<P>,
  payload: P,
  options: { delayMs?: number } = {},
): Promise<void> {
  const { kind } = job;
  // Refused here, in the writer's transaction: a request the dispatcher could never enqueue
  // would otherwise hold up every request after it.
  checkKind(kind);
  const row = { kind, payload: JSON.stringify(payload), delay_ms: Math.max(0, Math.round(options.delayMs ?? 0)) };
  // NOTIFY is delivered at commit, and not at all after a rollback.
  await trx.raw('WITH written AS (?) SELECT pg_notify(?, ?)', [trx('job_requests').insert(row), JOB_REQUEST_CHANNEL, '']);
}

/** A follow-up its requester runs right after the commit, held from the dispatcher until then. */
export interface HeldFollowUp {
  requestId: number;
  kind: string;
  owner: string;
}

/**
 * How long the dispatcher leaves a held request alone. The requester settles it within its
 * bounded wait (seconds); this only matters when the requester died between commit and settling.
 */
export const FOLLOW_UP_HOLD_MS = 30_000;

/**
 * Asks for one job of `kind` per payload, in one statement whatever their number (a thousand
 * invitation e-mails must not hold the writer's transaction a thousand round trips long).
 */
export async function requestJobs<P extends JobPayload>(trx: Executor, job: JobDeclaration<P>, payloads: readonly P[]): Promise<void> {
  const { kind } = job;
  checkKind(kind);
  if (payloads.length === 0) return;
  // The payloads travel as one JSON array and are unpacked in order, as rows of job_requests.
  await trx.raw(
    `WITH written AS (
       INSERT INTO job_requests (kind, payload)
       SELECT ?, p.value FROM jsonb_array_elements(?::jsonb) WITH ORDINALITY AS p(value, n) ORDER BY p.n
     ) SELECT pg_notify(?, '')`,
    [kind, JSON.stringify(payloads), JOB_REQUEST_CHANNEL],
  );
}

/**
 * Asks another service for a follow-up (declared in @chat/contracts' followUps) inside `trx`: a
 * job request of the follow-up's kind, which the owning service works whenever it is up. With
 * `held`, the request is held from the dispatcher and added to the list: the requester runs it
 * after its commit (settleFollowUps in @chat/runtime), and releases it to the jobs if it cannot.
 */
export async function requestFollowUp<P extends JobPayload>(
  trx: Executor,
  followUp: { kind: string; owner: string; payload?: P },
  payload: P,
  held?: HeldFollowUp[],
): Promise<void> {
  if (!held) {
    await requestJob(trx, followUp, payload);
    return;
  }
  checkKind(followUp.kind);
  const holdUntil = trx.raw(`now() + make_interval(secs => ?)`, [FOLLOW_UP_HOLD_MS / 1000]);
  const [row] = (await trx('job_requests')
    .insert({ kind: followUp.kind, payload: JSON.stringify(payload), delay_ms: 0, held_until: holdUntil })
    .returning('id')) as { id: number | string }[];
  held.push({ requestId: Number(row!.id), kind: followUp.kind, owner: followUp.owner });
}

/** A held request its requester ran: handled, so the dispatcher never enqueues it. */
export async function markFollowUpDone(db: Executor, requestId: number): Promise<void> {
  await db('job_requests').where('id', requestId).update({ enqueued_at: db.fn.now(), held_until: null });
}

/** Held requests the requester could not run: the dispatcher takes them now (woken by the NOTIFY). */
export async function releaseFollowUps(db: Executor, requestIds: number[]): Promise<void> {
  if (requestIds.length === 0) return;
  await db.raw('WITH released AS (?) SELECT pg_notify(?, ?)', [
    db('job_requests')
      .whereRaw(...anyOf('id', requestIds))
      .whereNull('enqueued_at')
      .update({ held_until: null }),
    JOB_REQUEST_CHANNEL,
    '',
  ]);
}

/** The idempotency id of the job a request becomes. */
export function jobIdOfRequest(requestId: number): string {
  return `request-${requestId}`;
}

export interface JobDispatcherOptions {
  db: Database;
  jobs: Jobs;
  logger: Logger;
  /** Fallback poll; NOTIFY wakes the dispatcher at commit. */
  pollMs?: number;
  batchSize?: number;
}

interface RequestRow {
  id: number;
  kind: string;
  payload: JobPayload | string;
  delay_ms: number;
  created_at: Date | string;
}

export class JobDispatcher {
  private readonly pollMs: number;
  private readonly batchSize: number;
  private running = false;
  private loop: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly wakeable = new Wakeable();
  private lastCleanup = 0;

  constructor(private readonly options: JobDispatcherOptions) {
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 100;
  }

  async start(): Promise<void> {
    this.running = true;
    const wake = () => this.poke();
    this.unlisten = await this.options.db.listen(JOB_REQUEST_CHANNEL, wake, { logger: this.options.logger, onReconnect: wake });
    this.loop = this.run();
  }

  poke(): void {
    this.wakeable.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.poke();
    await this.loop;
    await this.unlisten?.();
  }

  /** Enqueues one batch of committed, unmarked requests, then marks them; returns how many. */
  async dispatchBatch(): Promise<number> {
    const { knex } = this.options.db;
    const rows: RequestRow[] = await knex('job_requests')
      .whereNull('enqueued_at')
      // A held request is its requester's to run; after the hold it is the jobs' again.
      .andWhere((q) => {
        q.whereNull('held_until').orWhere('held_until', '<', knex.fn.now());
      })
      .orderBy('id')
      .limit(this.batchSize)
      .select('id', 'kind', 'payload', 'delay_ms', 'created_at');
    for (const row of rows) {
      // The delay counts from the request, not from its dispatch.
      const delayMs = Math.max(0, new Date(row.created_at).getTime() + row.delay_ms - Date.now());
      const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as JobPayload) : row.payload;
      await this.options.jobs.enqueue(row.kind, payload, { id: jobIdOfRequest(Number(row.id)), delayMs });
      await knex('job_requests').where('id', row.id).update({ enqueued_at: knex.fn.now() });
    }
    return rows.length;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let full = false;
      try {
        full = (await this.dispatchBatch()) === this.batchSize;
        await this.cleanUp();
      } catch (err) {
        this.options.logger.error({ err }, 'job dispatcher: enqueue failed; retrying');
      }
      if (!full) await this.wakeable.sleep(this.pollMs);
    }
  }

  private async cleanUp(): Promise<void> {
    if (Date.now() - this.lastCleanup < 60_000) return;
    this.lastCleanup = Date.now();
    await this.options.db
      .knex('job_requests')
      .where('enqueued_at', '<', new Date(Date.now() - KEEP_ENQUEUED_MS))
      .delete();
  }
}
