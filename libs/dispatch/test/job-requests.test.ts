import { DatabaseJobs, defineJob, workJob, type RunningJob } from '@chat/jobs';
import { createTestDatabase, testLogger, waitFor, type TestDatabase } from '@chat/testing';
import { createDatabase, type Database } from '@chat/db';
import { JobDispatcher, markFollowUpDone, releaseFollowUps, requestFollowUp, requestJob, requestJobs, type HeldFollowUp } from '../src';

const WELCOME = defineJob<{ userId: number }>('welcome');
/** Declared by hand: defineJob would refuse the kind before requestJob could. */
const BAD_KIND = { kind: 'Bad:Kind' };

describe('requestJob and the job dispatcher', () => {
  let testDb: TestDatabase;
  let db: Database;
  let jobs: DatabaseJobs;
  let runs: RunningJob[];

  beforeEach(async () => {
    testDb = await createTestDatabase();
    db = await createDatabase({ url: testDb.url, poolMax: 4 });
    jobs = new DatabaseJobs({ knex: db.knex, logger: testLogger(), pollMs: 50 });
    runs = [];
    await workJob(jobs, WELCOME, async (job) => void runs.push(job));
  });

  afterEach(async () => {
    await jobs.close();
    await db.close();
    await testDb.drop();
  });

  const dispatcher = () => new JobDispatcher({ db, jobs, logger: testLogger(), pollMs: 50 });
  const jobCount = async () => Number((await db.knex('jobs').count({ n: '*' }))[0]!.n);

  it('enqueues nothing for a transaction that rolled back', async () => {
    await expect(
      db.knex.transaction(async (trx) => {
        await requestJob(trx, WELCOME, { userId: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await dispatcher().dispatchBatch()).toBe(0);
    expect(await jobCount()).toBe(0);
  });

  it('refuses a kind no adapter accepts inside the transaction, which then rolls back', async () => {
    await expect(db.knex.transaction((trx) => requestJob(trx, BAD_KIND, {}))).rejects.toThrow('invalid job kind "Bad:Kind"');
    expect(await dispatcher().dispatchBatch()).toBe(0);
  });

  it('enqueues a committed request exactly once, however often it is dispatched', async () => {
    await db.knex.transaction((trx) => requestJob(trx, WELCOME, { userId: 7 }));
    // Two dispatchers at once, then one that finds the request unmarked (a crash before marking).
    await Promise.all([dispatcher().dispatchBatch(), dispatcher().dispatchBatch()]);
    await db.knex('job_requests').update({ enqueued_at: null });
    expect(await dispatcher().dispatchBatch()).toBe(1);
    expect(await dispatcher().dispatchBatch()).toBe(0);
    await waitFor(() => runs.length === 1);
    expect(runs[0]!.payload).toEqual({ userId: 7 });
    expect(await jobCount()).toBe(1);
  });

  it('asks for many jobs in one statement, one each, in order', async () => {
    const statements: string[] = [];
    const onQuery = (query: { sql: string }) => void statements.push(query.sql);
    db.knex.on('query', onQuery);
    await db.knex.transaction((trx) =>
      requestJobs(
        trx,
        WELCOME,
        Array.from({ length: 250 }, (_, userId) => ({ userId })),
      ),
    );
    db.knex.removeListener('query', onQuery);
    expect(statements.filter((sql) => /job_requests/i.test(sql))).toHaveLength(1);
    const rows: { payload: { userId: number } }[] = await db.knex('job_requests').orderBy('id').select('payload');
    expect(rows.map((r) => r.payload.userId)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    await db.knex.transaction((trx) => requestJobs(trx, WELCOME, []));
    await expect(db.knex.transaction((trx) => requestJobs(trx, BAD_KIND, [{}]))).rejects.toThrow('invalid job kind "Bad:Kind"');
    const running = dispatcher();
    await running.start();
    // A bound against a hang: 250 jobs run one at a time take seconds on a loaded machine.
    await waitFor(() => runs.length === 250, 60_000);
    await running.stop();
  });

  it('dispatches a committed request by itself once started, after the requested delay', async () => {
    const running = dispatcher();
    await running.start();
    const committedAt = Date.now();
    await db.knex.transaction((trx) => requestJob(trx, WELCOME, { userId: 9 }, { delayMs: 400 }));
    await waitFor(() => runs.length === 1);
    const ranAt = Date.now();
    expect(ranAt - committedAt).toBeGreaterThanOrEqual(400);
    await running.stop();
  });

  describe('held follow-ups', () => {
    const welcome = { kind: 'welcome', owner: 'settings' };
    const hold = async (userId: number): Promise<HeldFollowUp> => {
      const held: HeldFollowUp[] = [];
      await db.knex.transaction((trx) => requestFollowUp(trx, welcome, { userId }, held));
      expect(held).toEqual([{ requestId: expect.any(Number), kind: 'welcome', owner: 'settings' }]);
      return held[0]!;
    };

    it('are left to their requester while held, and dispatched once released', async () => {
      const held = await hold(11);
      expect(await dispatcher().dispatchBatch()).toBe(0);
      await releaseFollowUps(db.knex, [held.requestId]);
      expect(await dispatcher().dispatchBatch()).toBe(1);
      await waitFor(() => runs.length === 1);
      expect(runs[0]!.key).toBe(`request-${held.requestId}`);
    });

    it('are never dispatched once their requester ran them', async () => {
      const held = await hold(12);
      await markFollowUpDone(db.knex, held.requestId);
      await releaseFollowUps(db.knex, [held.requestId]);
      expect(await dispatcher().dispatchBatch()).toBe(0);
      expect(await jobCount()).toBe(0);
    });

    it('are dispatched when the hold ran out (the requester died before settling)', async () => {
      const held = await hold(13);
      await db
        .knex('job_requests')
        .where('id', held.requestId)
        .update({ held_until: db.knex.raw("now() - interval '1 second'") });
      expect(await dispatcher().dispatchBatch()).toBe(1);
      await waitFor(() => runs.length === 1);
    });
  });
});
