import { createDatabase, migrate, type Database } from '@chat/db';
import { createTestDatabase, testLogger, waitFor } from '@chat/testing';
import { DatabaseJobs } from '../src';
import { runJobsContract } from './jobs.contract';

const FAST = { pollMs: 50, lockMs: 500 };

/** A worker on the same database whose handler never ends, closed at once: its lease runs out. */
async function dieMidJob(db: Database, kind: string): Promise<void> {
  const doomed = new DatabaseJobs({ knex: db.knex, logger: testLogger(), ...FAST });
  let taken = false;
  await doomed.work(kind, () => {
    taken = true;
    return new Promise<void>(() => undefined);
  });
  await waitFor(() => taken);
  await doomed.close({ graceMs: 0 });
}

runJobsContract('DatabaseJobs on PGlite', async () => {
  const db = await createDatabase({ url: '' });
  await migrate(db.knex);
  const jobs = new DatabaseJobs({ knex: db.knex, logger: testLogger(), ...FAST });
  return {
    jobs,
    dieMidJob: (kind) => dieMidJob(db, kind),
    async cleanup() {
      await jobs.close({ graceMs: 0 });
      await db.close();
    },
  };
});

runJobsContract('DatabaseJobs on PostgreSQL', async () => {
  const testDb = await createTestDatabase();
  const db = await createDatabase({ url: testDb.url, poolMax: 4 });
  const jobs = new DatabaseJobs({ knex: db.knex, logger: testLogger(), ...FAST });
  return {
    jobs,
    dieMidJob: (kind) => dieMidJob(db, kind),
    async cleanup() {
      await jobs.close({ graceMs: 0 });
      await db.close();
      await testDb.drop();
    },
  };
});

describe('DatabaseJobs across a restart', () => {
  it('keeps waiting jobs in the database for the next process', async () => {
    const testDb = await createTestDatabase();
    const first = await createDatabase({ url: testDb.url, poolMax: 2 });
    await new DatabaseJobs({ knex: first.knex, logger: testLogger(), ...FAST }).enqueue('survivor', { n: 1 });
    await first.close();
    const second = await createDatabase({ url: testDb.url, poolMax: 2 });
    const jobs = new DatabaseJobs({ knex: second.knex, logger: testLogger(), ...FAST });
    const seen: unknown[] = [];
    await jobs.work('survivor', async (job) => void seen.push(job.payload));
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([{ n: 1 }]);
    await jobs.close();
    await second.close();
    await testDb.drop();
  });
});
