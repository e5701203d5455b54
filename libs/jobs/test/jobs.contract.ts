import { waitFor } from '@chat/testing';
import type { Jobs, RunningJob } from '../src';

export interface JobsFixture {
  jobs: Jobs;
  /**
   * Starts another worker for `kind` (in another process where the adapter allows it) that takes
   * the next job and dies holding it, without finishing it; resolves once it is gone.
   */
  dieMidJob(kind: string): Promise<void>;
  cleanup(): Promise<void>;
}

/** Short waits, so the suite runs in seconds; the adapters' production values are minutes. */
const FAST = { attempts: 3, backoffMs: 100 };

/**
 * The semantics every Jobs adapter keeps (jobs.ts), run against each so the embedded and
 * distributed topologies cannot drift. `makeJobs` returns a fresh, empty Jobs sharing no state
 * with any other call.
 */
export function runJobsContract(name: string, makeJobs: () => Promise<JobsFixture>): void {
  describe(`${name} (jobs contract)`, () => {
    let fixture: JobsFixture;
    let jobs: Jobs;

    beforeEach(async () => {
      fixture = await makeJobs();
      jobs = fixture.jobs;
    });

    afterEach(async () => {
      await fixture.cleanup();
    });

    it('runs an enqueued job once with its payload', async () => {
      const runs: RunningJob[] = [];
      await jobs.work('greet', async (job) => void runs.push(job));
      const id = await jobs.enqueue('greet', { to: 'iago', n: 3 });
      await waitFor(() => runs.length === 1);
      expect(runs[0]).toEqual({ id, kind: 'greet', payload: { to: 'iago', n: 3 }, attempt: 1 });
      await expectNoMoreRuns(jobs, runs, 1);
    });

    it('runs a delayed job no earlier than its delay, after jobs due before it', async () => {
      const ran = new Map<string, number>();
      await jobs.work('later', async (job) => void ran.set(job.payload.name as string, Date.now()));
      const enqueuedAt = Date.now();
      await jobs.enqueue('later', { name: 'delayed' }, { delayMs: 600 });
      await jobs.enqueue('later', { name: 'now' });
      await waitFor(() => ran.has('delayed'), 10_000);
      expect(ran.get('delayed')! - enqueuedAt).toBeGreaterThanOrEqual(600);
      expect(ran.get('now')!).toBeLessThan(ran.get('delayed')!);
    });

    it('retries a failing job with exponential backoff, then dead-letters it', async () => {
      const tries: number[] = [];
      await jobs.work(
        'flaky',
        async (job) => {
          tries.push(Date.now());
          throw new Error(`refused on try ${job.attempt}`);
        },
        FAST,
      );
      const before = new Date();
      const id = await jobs.enqueue('flaky', { to: 'hamlet' });
      await waitFor(async () => (await jobs.deadLetters()).length === 1, 10_000);
      expect(tries).toHaveLength(3);
      expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(FAST.backoffMs);
      expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(2 * FAST.backoffMs);
      const [letter] = await jobs.deadLetters({ kind: 'flaky' });
      expect(letter).toMatchObject({ id, kind: 'flaky', payload: { to: 'hamlet' }, attempts: 3, lastError: 'refused on try 3' });
      expect(letter!.failedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      expect(await jobs.deadLetters({ kind: 'other' })).toEqual([]);
    });

    it('runs a dead letter again when retried, with a fresh set of attempts', async () => {
      let healthy = false;
      const succeeded: RunningJob[] = [];
      await jobs.work(
        'mail',
        async (job) => {
          if (!healthy) throw new Error('smtp down');
          succeeded.push(job);
        },
        { attempts: 1, backoffMs: 10 },
      );
      const first = await jobs.enqueue('mail', { n: 1 });
      await jobs.enqueue('mail', { n: 2 });
      await jobs.enqueue('mail', { n: 3 });
      await waitFor(async () => (await jobs.deadLetters()).length === 3, 10_000);
      expect(await jobs.retryDeadLetter('mail', 'no-such-job')).toBe(false);
      healthy = true;
      expect(await jobs.retryDeadLetter('mail', first)).toBe(true);
      await waitFor(() => succeeded.length === 1);
      expect(succeeded[0]).toMatchObject({ id: first, payload: { n: 1 }, attempt: 1 });
      expect(await jobs.retryDeadLetter('mail', first)).toBe(false);
      expect(await jobs.retryDeadLetters('mail')).toBe(2);
      expect(await jobs.retryDeadLetters('mail')).toBe(0);
      await waitFor(() => succeeded.length === 3);
      expect(await jobs.deadLetters()).toEqual([]);
    });

    it('makes one job of two enqueues with the same idempotency id, before and after it ran', async () => {
      const runs: RunningJob[] = [];
      const a = await jobs.enqueue('once', { copy: 1 }, { id: '42' });
      const b = await jobs.enqueue('once', { copy: 2 }, { id: '42' });
      expect(b).toBe(a);
      await jobs.work('once', async (job) => void runs.push(job));
      await waitFor(() => runs.length === 1);
      expect(runs[0]!.payload).toEqual({ copy: 1 });
      // The handler knows the job by the id it was enqueued with, whatever its own id.
      expect(runs[0]!.key).toBe('42');
      expect(await jobs.enqueue('once', { copy: 3 }, { id: '42' })).toBe(a);
      // The same id under another kind is another job.
      const other: RunningJob[] = [];
      await jobs.work('twice', async (job) => void other.push(job));
      await jobs.enqueue('twice', {}, { id: 'request-7:a%b' });
      await waitFor(() => other.length === 1);
      expect(other[0]!.key).toBe('request-7:a%b');
      await expectNoMoreRuns(jobs, runs, 1);
    });

    it('runs a job again when the worker holding it died without finishing', async () => {
      const runs: RunningJob[] = [];
      await jobs.enqueue('orphan', { to: 'cordelia' });
      await fixture.dieMidJob('orphan');
      await jobs.work('orphan', async (job) => void runs.push(job));
      await waitFor(() => runs.length === 1, 15_000);
      expect(runs[0]!.payload).toEqual({ to: 'cordelia' });
    });

    it('runs a scheduled job once per period', async () => {
      const runs: RunningJob[] = [];
      await jobs.work('tick', async (job) => void runs.push(job));
      await jobs.schedule('every-300ms', 'tick', { what: 'tick' }, 300);
      await waitFor(() => runs.length >= 2, 10_000);
      expect(runs[0]!.payload).toEqual({ what: 'tick' });
      expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
    });
  });
}

/** Proves no further run is pending: a later job of the same kind runs, and still `count` did before it. */
async function expectNoMoreRuns(jobs: Jobs, runs: RunningJob[], count: number): Promise<void> {
  const kind = runs[0]!.kind;
  await jobs.enqueue(kind, { sentinel: true });
  await waitFor(() => runs.some((r) => r.payload.sentinel === true));
  expect(runs.filter((r) => r.payload.sentinel !== true)).toHaveLength(count);
}
