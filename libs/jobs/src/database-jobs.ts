/**
 * The embedded topology's Jobs: jobs live in the database (migration 0900's `jobs` table), so they
 * survive a restart, and one process polls for due ones. Works on PGlite (one connection) and on
 * PostgreSQL, where several processes may share the table (claims use SKIP LOCKED).
 *
 * A claimed job is leased (`locked_until`); the lease is renewed while its handler runs, so a job
 * whose worker died, or stopped without finishing, is claimed again once the lease has passed.
 * `attempts` is the claim's token: a worker that lost its lease cannot finish the job afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from '@chat/log';
import {
  backoffDelay,
  checkKind,
  errorText,
  FINISHED_RETENTION_MS,
  retryPolicy,
  type DeadLetter,
  type EnqueueOptions,
  type JobHandler,
  type JobPayload,
  type Jobs,
  type RetryPolicy,
} from './jobs';
import { Wakeable } from './wakeable';

/** Keys of jobs enqueued without an idempotency id start with this: they are no caller's (RunningJob.key). */
const AUTO_KEY = 'auto:';

export interface DatabaseJobsOptions {
  knex: Knex;
  logger: Logger;
  /** How often due jobs are looked for; an enqueue in this process wakes the poller at once. */
  pollMs?: number;
  /** A claimed job's lease; renewed at half of it while the handler runs. */
  lockMs?: number;
}

interface Worker {
  handler: JobHandler;
  policy: RetryPolicy;
  running: number;
}

interface JobRow {
  id: number | string;
  kind: string;
  job_key: string;
  payload: JobPayload | string;
  attempts: number;
  last_error: string | null;
  failed_at: Date | string | null;
}

const CLEANUP_EVERY_MS = 60_000;

export class DatabaseJobs implements Jobs {
  private readonly knex: Knex;
  private readonly pollMs: number;
  private readonly lockMs: number;
  private readonly workers = new Map<string, Worker>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly leases = new Set<NodeJS.Timeout>();
  private readonly wakeable = new Wakeable();
  private loop: Promise<void> | null = null;
  private running = true;
  private lastCleanup = 0;

  constructor(private readonly options: DatabaseJobsOptions) {
    this.knex = options.knex;
    this.pollMs = options.pollMs ?? 1000;
    this.lockMs = options.lockMs ?? 30_000;
  }

  async enqueue(kind: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<string> {
    checkKind(kind);
    const key = options.id ?? `${AUTO_KEY}${randomUUID()}`;
    const runAt = new Date(Date.now() + (options.delayMs ?? 0));
    const inserted: { id: number }[] = await this.knex('jobs')
      .insert({ kind, job_key: key, payload: JSON.stringify(payload), run_at: runAt })
      .onConflict(['kind', 'job_key'])
      .ignore()
      .returning('id');
    this.wakeable.wake();
    if (inserted[0]) return String(inserted[0].id);
    const existing = await this.knex('jobs').where({ kind, job_key: key }).first('id');
    return String(existing.id);
  }

  async work<P extends JobPayload>(kind: string, handler: JobHandler<P>, policy: Partial<RetryPolicy> = {}): Promise<void> {
    checkKind(kind);
    if (this.workers.has(kind)) throw new Error(`a worker for ${kind} is already registered`);
    this.workers.set(kind, { handler: handler as JobHandler, policy: retryPolicy(policy), running: 0 });
    this.startLoop();
    this.wakeable.wake();
  }

  async schedule(name: string, kind: string, payload: JobPayload, everyMs: number): Promise<void> {
    if (!(everyMs >= 1)) throw new Error('everyMs must be at least 1');
    // A new schedule runs at once, as BullMQ's do; an existing one keeps its next run.
    await this.knex('job_schedules')
      .insert({ name, kind, payload: JSON.stringify(payload), every_ms: everyMs, next_run_at: new Date() })
      .onConflict('name')
      .merge(['kind', 'payload', 'every_ms']);
    this.startLoop();
    this.wakeable.wake();
  }

  async pending(kind: string): Promise<number> {
    const row = await this.knex('jobs').where({ kind }).whereRaw("state IN ('waiting', 'active')").count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async deadLetters(options: { kind?: string; limit?: number } = {}): Promise<DeadLetter[]> {
    const query = this.knex('jobs')
      .where('state', 'dead')
      .orderBy([{ column: 'failed_at' }, { column: 'id' }])
      .limit(options.limit ?? 100);
    if (options.kind) query.andWhere('kind', options.kind);
    const rows: JobRow[] = await query.select('id', 'kind', 'job_key', 'payload', 'attempts', 'last_error', 'failed_at');
    return rows.map((row) => ({
      id: String(row.id),
      kind: row.kind,
      payload: parsePayload(row.payload),
      attempts: row.attempts,
      lastError: row.last_error ?? '',
      failedAt: new Date(row.failed_at!),
    }));
  }

  async retryDeadLetter(kind: string, id: string): Promise<boolean> {
    if (!/^\d+$/.test(id)) return false;
    const changed = await this.revive(this.knex('jobs').where({ kind, id: Number(id), state: 'dead' }));
    return changed > 0;
  }

  async retryDeadLetters(kind?: string): Promise<number> {
    const query = this.knex('jobs').where('state', 'dead');
    if (kind) query.andWhere('kind', kind);
    return this.revive(query);
  }

  async close(options: { graceMs?: number } = {}): Promise<void> {
    this.running = false;
    this.wakeable.wake();
    await this.loop;
    const finished = Promise.all(this.inFlight);
    if (options.graceMs === undefined) await finished;
    else await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, options.graceMs).unref())]);
    // A job still running past the grace keeps no lease: another process takes it when it ends.
    for (const timer of this.leases) clearInterval(timer);
    this.leases.clear();
  }

  private async revive(query: Knex.QueryBuilder): Promise<number> {
    // Counted from RETURNING: knex-pglite does not report affected rows as pg does.
    const changed: unknown[] = await query
      .update({ state: 'waiting', attempts: 0, run_at: this.knex.fn.now(), failed_at: null, locked_until: null })
      .returning('id');
    this.wakeable.wake();
    return changed.length;
  }

  private startLoop(): void {
    if (this.loop || !this.running) return;
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let waitMs = this.pollMs;
      try {
        await this.fireSchedules();
        for (const [kind, worker] of this.workers) await this.claimAndStart(kind, worker);
        await this.cleanUp();
        waitMs = Math.min(waitMs, await this.untilNextDue());
      } catch (err) {
        this.options.logger.error({ err }, 'jobs: polling failed; retrying');
      }
      await this.wakeable.sleep(waitMs);
    }
  }

  /** Milliseconds until the next delayed job or schedule is due, so a delay is kept to the poll's precision or better. */
  private async untilNextDue(): Promise<number> {
    // Only kinds with a free slot: a due job waiting for a busy worker must not make the loop spin
    // (the worker's end wakes it).
    const kinds = [...this.workers].filter(([, w]) => w.running < (w.policy.concurrency ?? 1)).map(([kind]) => kind);
    const { rows } = (await this.knex.raw(
      `SELECT LEAST(
         (SELECT min(run_at) FROM jobs WHERE state = 'waiting' AND kind = ANY(?)),
         (SELECT min(next_run_at) FROM job_schedules)) AS due`,
      [kinds],
    )) as { rows: { due: Date | string | null }[] };
    const due = rows[0]?.due;
    return due === null || due === undefined ? Infinity : Math.max(0, new Date(due).getTime() - Date.now());
  }

  /** Claims as many due jobs of `kind` as the worker has free slots, and starts them. */
  private async claimAndStart(kind: string, worker: Worker): Promise<void> {
    const free = (worker.policy.concurrency ?? 1) - worker.running;
    if (free <= 0) return;
    const { rows } = (await this.knex.raw(
      `UPDATE jobs SET state = 'active', attempts = attempts + 1, locked_until = now() + make_interval(secs => ?)
       WHERE id IN (
         SELECT id FROM jobs
         WHERE kind = ? AND ((state = 'waiting' AND run_at <= now()) OR (state = 'active' AND locked_until <= now()))
         ORDER BY run_at, id LIMIT ? FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, job_key, payload, attempts`,
      [this.lockMs / 1000, kind, free],
    )) as { rows: JobRow[] };
    for (const row of rows) this.start(worker, row);
  }

  private start(worker: Worker, row: JobRow): void {
    worker.running++;
    const lease = setInterval(() => void this.renewLease(row), Math.max(10, this.lockMs / 2));
    this.leases.add(lease);
    const task = this.runOne(worker, row).finally(() => {
      clearInterval(lease);
      this.leases.delete(lease);
      worker.running--;
      this.inFlight.delete(task);
      this.wakeable.wake();
    });
    this.inFlight.add(task);
  }

  private async runOne(worker: Worker, row: JobRow): Promise<void> {
    const mine = this.knex('jobs').where({ id: row.id, attempts: row.attempts, state: 'active' });
    try {
      await worker.handler({
        id: String(row.id),
        key: row.job_key.startsWith(AUTO_KEY) ? undefined : row.job_key,
        kind: row.kind,
        payload: parsePayload(row.payload),
        attempt: row.attempts,
      });
    } catch (err) {
      const lastError = errorText(err);
      if (row.attempts >= worker.policy.attempts) {
        this.options.logger.error({ err, kind: row.kind, jobId: row.id }, 'jobs: job failed its last attempt; dead-lettered');
        await mine.clone().update({ state: 'dead', last_error: lastError, failed_at: this.knex.fn.now(), locked_until: null });
      } else {
        this.options.logger.warn({ err, kind: row.kind, jobId: row.id, attempt: row.attempts }, 'jobs: job failed; will retry');
        const runAt = new Date(Date.now() + backoffDelay(worker.policy, row.attempts));
        await mine.clone().update({ state: 'waiting', last_error: lastError, run_at: runAt, locked_until: null });
      }
      return;
    }
    await mine.clone().update({ state: 'done', finished_at: this.knex.fn.now(), locked_until: null });
  }

  private async renewLease(row: JobRow): Promise<void> {
    await this.knex('jobs')
      .where({ id: row.id, attempts: row.attempts, state: 'active' })
      .update({ locked_until: this.knex.raw('now() + make_interval(secs => ?)', [this.lockMs / 1000]) })
      .catch((err: unknown) => this.options.logger.warn({ err }, 'jobs: could not renew a lease'));
  }

  /**
   * Enqueues one job for every due schedule and moves it to its next period. The job's id names
   * the period, so two processes firing the same period make one job.
   */
  private async fireSchedules(): Promise<void> {
    const due: { name: string; kind: string; payload: JobPayload | string; every_ms: number | string; next_run_at: Date | string }[] =
      await this.knex('job_schedules').where('next_run_at', '<=', this.knex.fn.now()).select();
    for (const schedule of due) {
      const period = new Date(schedule.next_run_at).getTime();
      const everyMs = Number(schedule.every_ms);
      // Periods missed while no process ran are not made up: one run, then the next period.
      const next = new Date(Math.max(period + everyMs, Date.now() + everyMs - ((Date.now() - period) % everyMs)));
      const moved: unknown[] = await this.knex('job_schedules')
        .where({ name: schedule.name, next_run_at: new Date(period) })
        .update({ next_run_at: next })
        .returning('name');
      if (moved.length === 0) continue;
      await this.enqueue(schedule.kind, parsePayload(schedule.payload), { id: `${schedule.name}@${period}` });
    }
  }

  /** Finished jobs are kept for FINISHED_RETENTION_MS, so their ids stay idempotent; then deleted. */
  private async cleanUp(): Promise<void> {
    if (Date.now() - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = Date.now();
    await this.knex('jobs')
      .where('state', 'done')
      .andWhere('finished_at', '<', new Date(Date.now() - FINISHED_RETENTION_MS))
      .delete();
  }
}

function parsePayload(value: JobPayload | string): JobPayload {
  return typeof value === 'string' ? (JSON.parse(value) as JobPayload) : value;
}
