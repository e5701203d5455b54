/**
 * Background jobs: work a request hands off to run later, outside the request, with retries.
 *
 * Semantics every adapter keeps (the contract suite in ../test checks them):
 * - enqueue: the job is durable once the promise resolves. `id` is an idempotency id, scoped by
 *   kind: enqueuing a kind and id that already exists (waiting, running, dead, or finished within
 *   the last FINISHED_RETENTION_MS) adds nothing, so a relay that enqueues twice makes one job.
 * - delayMs: the job runs no earlier than that.
 * - work(kind, handler, policy): at most one registration per kind per Jobs instance. A handler
 *   that throws is retried after `backoffMs * 2^(attempt-1)`; after `attempts` tries the job goes
 *   to the dead-letter list, kept until an operator retries (or deletes) it. A retried dead letter
 *   starts over with a full set of attempts.
 * - at-least-once: a worker that dies holding a job (a killed process, a lost lease) makes the job
 *   run again once its lock (`lockMs`) has passed, so handlers must be idempotent.
 * - schedule(name, kind, payload, everyMs): a repeating job, one run per period however many
 *   processes schedule it; the first run comes when the name is first scheduled, and scheduling
 *   it again (every process start does) keeps its timing, replacing the payload (and the period,
 *   if it changed).
 */

/** A job's payload: JSON, small (ids, not rows: the handler reads the current state). */
export type JobPayload = Record<string, unknown>;

export interface EnqueueOptions {
  /** Idempotency id: one job per kind and id. Absent: every enqueue makes a new job. */
  id?: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
}

export interface RetryPolicy {
  /** Tries before the job is dead-lettered (the first run included). */
  attempts: number;
  /** Wait before the second try; doubled before each further one. */
  backoffMs: number;
  /** Jobs of this kind one process runs at once. */
  concurrency?: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 5, backoffMs: 10_000, concurrency: 1 };

/** Finished jobs are remembered this long so a repeated enqueue of their id stays a no-op. */
export const FINISHED_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface RunningJob<P extends JobPayload = JobPayload> {
  id: string;
  /**
   * The idempotency id it was enqueued with (EnqueueOptions.id), if any: unlike `id`, which each
   * adapter makes its own way, the same in every adapter, so work done by other means (a held
   * follow-up its requester ran) can be known by it.
   */
  key?: string;
  kind: string;
  payload: P;
  /** 1 on the first try. */
  attempt: number;
}

export type JobHandler<P extends JobPayload = JobPayload> = (job: RunningJob<P>) => Promise<void>;

export interface DeadLetter {
  id: string;
  kind: string;
  payload: JobPayload;
  attempts: number;
  lastError: string;
  failedAt: Date;
}

export interface Jobs {
  /** Resolves to the job's id (the existing job's, for a repeated idempotency id). */
  enqueue(kind: string, payload: JobPayload, options?: EnqueueOptions): Promise<string>;
  work<P extends JobPayload>(kind: string, handler: JobHandler<P>, policy?: Partial<RetryPolicy>): Promise<void>;
  schedule(name: string, kind: string, payload: JobPayload, everyMs: number): Promise<void>;
  /** Jobs of `kind` not yet finished: waiting, delayed or running (dead letters excluded). */
  pending(kind: string): Promise<number>;
  /** Oldest first; every kind unless `kind` is given. */
  deadLetters(options?: { kind?: string; limit?: number }): Promise<DeadLetter[]>;
  /** Puts a dead letter back to run now; false when there is no such dead letter. */
  retryDeadLetter(kind: string, id: string): Promise<boolean>;
  /** Retries every dead letter (of `kind`); resolves to how many. */
  retryDeadLetters(kind?: string): Promise<number>;
  /** Stops taking jobs, waits for running ones up to `graceMs` (default: as long as they take), closes. */
  close(options?: { graceMs?: number }): Promise<void>;
}

/** The wait before try `attempt + 1`, after `attempt` failed tries. */
export function backoffDelay(policy: Pick<RetryPolicy, 'backoffMs'>, attempt: number): number {
  return policy.backoffMs * 2 ** Math.max(0, attempt - 1);
}

export function retryPolicy(partial: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...partial };
  if (!Number.isInteger(policy.attempts) || policy.attempts < 1) throw new Error('attempts must be a whole number of at least 1');
  if (!(policy.backoffMs >= 0)) throw new Error('backoffMs must not be negative');
  return policy;
}

/** An error's message for the dead-letter list (the stack stays in the log). */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Kinds name queues and Redis keys: lower-case words joined by `.`, `-` or `_`, never `:`. */
export function checkKind(kind: string): void {
  if (!/^[a-z][a-z0-9_.-]{0,99}$/.test(kind)) throw new Error(`invalid job kind "${kind}"`);
}
