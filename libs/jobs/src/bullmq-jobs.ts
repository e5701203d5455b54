/**
 * The distributed topology's Jobs: BullMQ on Redis, one BullMQ queue per job kind, under a key
 * prefix of the deployment's namespace (so test runs and deployments sharing a Redis never meet).
 *
 * - Retries follow the worker's policy, not the enqueuer's: jobs are added with a generous try
 *   count and the `policy` backoff type, the worker computes the backoff, and on its last try it
 *   fails the job as unrecoverable, which sends it to BullMQ's failed set: the dead letters.
 * - A worker holds a job under a lock (`lockMs`) it keeps renewing; when its process dies, the
 *   stalled-job check of any live worker moves the job back to waiting once the lock is gone.
 * - Completed jobs are kept for FINISHED_RETENTION_MS, so an idempotency id stays taken.
 */
import { Redis } from 'ioredis';
import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
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

export interface BullmqJobsOptions {
  redisUrl: string;
  /** Redis key prefix, e.g. `<namespace>:jobs`. */
  prefix: string;
  logger: Logger;
  /** A running job's lock (BullMQ lockDuration), renewed at half of it. */
  lockMs?: number;
  /** How often workers look for jobs whose lock expired (BullMQ stalledInterval). */
  stalledCheckMs?: number;
}

/** More tries than any policy asks for: the worker decides when a job is dead (see above). */
const MAX_TRIES = 1000;
const BACKOFF_TYPE = 'policy';
/** Set of the kinds ever enqueued, so an operator's listing finds every queue. */
const KINDS_KEY = 'kinds';

export class BullmqJobs implements Jobs {
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private readonly knownKinds = new Set<string>();
  private readonly redis: Redis;

  constructor(private readonly options: BullmqJobsOptions) {
    this.redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
    this.redis.on('error', (err) => options.logger.warn({ err }, 'jobs: redis connection error'));
  }

  async enqueue(kind: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<string> {
    await this.remember(kind);
    const job = await this.queue(kind).add(kind, payload, {
      ...jobOptions(),
      ...(options.id !== undefined ? { jobId: bullmqJobId(options.id) } : {}),
      ...(options.delayMs ? { delay: options.delayMs } : {}),
    });
    return job.id!;
  }

  async work<P extends JobPayload>(kind: string, handler: JobHandler<P>, partial: Partial<RetryPolicy> = {}): Promise<void> {
    checkKind(kind);
    if (this.workers.has(kind)) throw new Error(`a worker for ${kind} is already registered`);
    const policy = retryPolicy(partial);
    const lockMs = this.options.lockMs ?? 30_000;
    const worker = new Worker(kind, (job: Job) => runWithPolicy(job, handler as JobHandler, policy), {
      connection: this.connection(),
      prefix: this.options.prefix,
      concurrency: policy.concurrency ?? 1,
      lockDuration: lockMs,
      stalledInterval: this.options.stalledCheckMs ?? lockMs,
      // A job whose worker died twice is dead-lettered rather than killing a third.
      maxStalledCount: 2,
      settings: { backoffStrategy: (attemptsMade: number) => backoffDelay(policy, attemptsMade) },
    });
    worker.on('error', (err) => this.options.logger.warn({ err, kind }, 'jobs: worker error'));
    worker.on('failed', (job, err) =>
      this.options.logger.warn({ err, kind, jobId: job?.id, attempt: job?.attemptsMade }, 'jobs: job failed'),
    );
    this.workers.set(kind, worker);
    await worker.waitUntilReady();
  }

  async schedule(name: string, kind: string, payload: JobPayload, everyMs: number): Promise<void> {
    if (!(everyMs >= 1)) throw new Error('everyMs must be at least 1');
    await this.remember(kind);
    await this.queue(kind).upsertJobScheduler(name, { every: everyMs }, { name: kind, data: payload, opts: jobOptions() });
  }

  async pending(kind: string): Promise<number> {
    checkKind(kind);
    const counts = await this.queue(kind).getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'waiting-children');
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
  }

  async deadLetters(options: { kind?: string; limit?: number } = {}): Promise<DeadLetter[]> {
    const limit = options.limit ?? 100;
    if (options.kind) checkKind(options.kind);
    const letters: DeadLetter[] = [];
    for (const kind of options.kind ? [options.kind] : await this.kinds()) {
      const failed = await this.queue(kind).getFailed(0, limit - 1);
      for (const job of failed) letters.push(deadLetterOf(kind, job));
    }
    return letters.sort((a, b) => a.failedAt.getTime() - b.failedAt.getTime()).slice(0, limit);
  }

  async retryDeadLetter(kind: string, id: string): Promise<boolean> {
    checkKind(kind);
    const job = await this.queue(kind).getJob(id);
    if (!job || !(await job.isFailed())) return false;
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    return true;
  }

  async retryDeadLetters(kind?: string): Promise<number> {
    if (kind) checkKind(kind);
    let retried = 0;
    for (const each of kind ? [kind] : await this.kinds()) {
      for (const job of await this.queue(each).getFailed(0, -1)) {
        await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        retried++;
      }
    }
    return retried;
  }

  async close(options: { graceMs?: number } = {}): Promise<void> {
    const workers = [...this.workers.values()];
    const finished = Promise.all(workers.map((w) => w.close()));
    if (options.graceMs !== undefined) {
      const gone = await Promise.race([
        finished.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), options.graceMs).unref()),
      ]);
      // Past the grace the jobs are let go: their locks expire and another worker takes them.
      if (!gone) await Promise.all(workers.map((w) => w.close(true)));
    } else {
      await finished;
    }
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    if (this.redis.status !== 'wait') await this.redis.quit().catch(() => undefined);
    else this.redis.disconnect();
  }

  private connection() {
    return { url: this.options.redisUrl, maxRetriesPerRequest: null };
  }

  private queue(kind: string): Queue {
    let queue = this.queues.get(kind);
    if (!queue) {
      queue = new Queue(kind, { connection: this.connection(), prefix: this.options.prefix });
      queue.on('error', (err) => this.options.logger.warn({ err, kind }, 'jobs: queue error'));
      this.queues.set(kind, queue);
    }
    return queue;
  }

  private async remember(kind: string): Promise<void> {
    checkKind(kind);
    if (this.knownKinds.has(kind)) return;
    await this.connected();
    await this.redis.sadd(`${this.options.prefix}:${KINDS_KEY}`, kind);
    this.knownKinds.add(kind);
  }

  private async kinds(): Promise<string[]> {
    await this.connected();
    return (await this.redis.smembers(`${this.options.prefix}:${KINDS_KEY}`)).sort();
  }

  private async connected(): Promise<void> {
    if (this.redis.status === 'wait') await this.redis.connect();
  }
}

function jobOptions(): JobsOptions {
  return {
    attempts: MAX_TRIES,
    backoff: { type: BACKOFF_TYPE },
    removeOnComplete: { age: FINISHED_RETENTION_MS / 1000 },
    removeOnFail: false,
  };
}

async function runWithPolicy(job: Job, handler: JobHandler, policy: RetryPolicy): Promise<void> {
  const attempt = job.attemptsMade + 1;
  try {
    await handler({ id: job.id!, key: keyOfBullmqJobId(job.id!), kind: job.name, payload: job.data as JobPayload, attempt });
  } catch (err) {
    if (attempt >= policy.attempts) throw new UnrecoverableError(errorText(err));
    throw err;
  }
}

function deadLetterOf(kind: string, job: Job): DeadLetter {
  return {
    id: job.id!,
    kind,
    payload: job.data as JobPayload,
    attempts: job.attemptsMade,
    lastError: job.failedReason ?? '',
    failedAt: new Date(job.finishedOn ?? job.timestamp),
  };
}

/**
 * BullMQ refuses custom job ids that are integers or hold `:`; ours (outbox row ids, schedule
 * periods) may be either, so they are prefixed and escaped, the same way every time.
 */
export function bullmqJobId(id: string): string {
  return `id-${id.replace(/%/g, '%25').replace(/:/g, '%3A')}`;
}

/** The idempotency id back from a job id bullmqJobId made; undefined for BullMQ's own ids. */
function keyOfBullmqJobId(jobId: string): string | undefined {
  return jobId.startsWith('id-') ? jobId.slice(3).replace(/%3A/g, ':').replace(/%25/g, '%') : undefined;
}
