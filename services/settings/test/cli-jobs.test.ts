import { DatabaseJobs } from '@chat/jobs';
import { testLogger, waitFor } from '@chat/testing';
import { settingsContext } from '../src/app';
import { runCommand } from '../src/cli';
import { startSettings, type Harness } from './helpers';

describe('manage jobs-dead-letters and jobs-retry (embedded: the jobs table)', () => {
  let h: Harness;
  let jobs: DatabaseJobs;
  let healthy: boolean;
  const delivered: unknown[] = [];

  beforeEach(async () => {
    h = await startSettings();
    healthy = false;
    delivered.length = 0;
    jobs = new DatabaseJobs({ knex: h.deps.db.knex, logger: testLogger(), pollMs: 20 });
    await jobs.work(
      'mail.send',
      async (job) => {
        if (!healthy) throw new Error('smtp refused');
        delivered.push(job.payload);
      },
      { attempts: 2, backoffMs: 10 },
    );
  });

  afterEach(async () => {
    await jobs.close();
    await h.close();
  });

  async function manage(...argv: string[]): Promise<string[]> {
    const lines: string[] = [];
    const io = {
      out: (line: string) => void lines.push(line),
      err: () => undefined,
      readPassword: async () => '',
      writePrivateFile: () => undefined,
    };
    await runCommand(settingsContext(h.deps), argv, io);
    return lines;
  }

  async function deadLetters(count: number): Promise<void> {
    await waitFor(async () => (await jobs.deadLetters()).length === count, 10_000);
  }

  it('lists dead letters with their kind, attempts, error and payload', async () => {
    expect(await manage('jobs-dead-letters')).toEqual(['No dead letters.']);
    const id = await jobs.enqueue('mail.send', { to: 'hamlet@zulip.com' });
    await deadLetters(1);
    const lines = await manage('jobs-dead-letters', '--kind', 'mail.send');
    expect(lines[0]).toMatch(
      new RegExp(`^mail\\.send ${id}: failed \\S+ after 2 attempts: smtp refused\\n  payload \\{"to":"hamlet@zulip.com"\\}$`),
    );
    expect(lines[1]).toBe('1 dead letter.');
    expect(await manage('jobs-dead-letters', '--kind', 'other')).toEqual(['No dead letters.']);
    await expect(manage('jobs-dead-letters', '--limit', '0')).rejects.toThrow('--limit must be a whole number');
  });

  it('retries one dead letter by kind and id, or all of them', async () => {
    const first = await jobs.enqueue('mail.send', { n: 1 });
    await jobs.enqueue('mail.send', { n: 2 });
    await jobs.enqueue('mail.send', { n: 3 });
    await deadLetters(3);
    healthy = true;
    await expect(manage('jobs-retry', 'mail.send', '999999')).rejects.toThrow('There is no dead letter mail.send 999999.');
    await expect(manage('jobs-retry')).rejects.toThrow("Give the dead letter's kind and id");
    expect(await manage('jobs-retry', 'mail.send', first)).toEqual([`Queued mail.send ${first} to run again.`]);
    await waitFor(() => delivered.length === 1);
    expect(delivered).toEqual([{ n: 1 }]);
    expect(await manage('jobs-retry', '--all')).toEqual(['Queued 2 dead letters to run again.']);
    await waitFor(() => delivered.length === 3);
    expect(await manage('jobs-dead-letters')).toEqual(['No dead letters.']);
  });
});
