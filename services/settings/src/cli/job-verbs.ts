/**
 * `manage` verbs for background jobs' dead letters: list them, and run them again once what made
 * them fail is fixed. They reach the jobs where the server keeps them: BullMQ on REDIS_URL when
 * DATABASE_URL is set (the distributed topology), else the embedded database's jobs table.
 */
import { ApiError } from '@chat/errors';
import type { DeadLetter, Jobs } from '@chat/jobs';
import { openJobs } from '@chat/runtime';
import type { SettingsContext } from '../deps';
import { optional, type Verb, type VerbArgs } from './command';

async function withJobs<T>(ctx: SettingsContext, use: (jobs: Jobs) => Promise<T>): Promise<T> {
  const jobs = openJobs(ctx.config, ctx.db, ctx.logger, ctx.config.databaseUrl === '' ? 'embedded' : 'distributed');
  try {
    return await use(jobs);
  } finally {
    await jobs.close({ graceMs: 0 });
  }
}

function stringOption(args: VerbArgs, name: string): string | undefined {
  return optional(args, name) || undefined;
}

/** One dead letter in two lines: what failed and why, then its payload. */
export function describeDeadLetter(letter: DeadLetter): string {
  return (
    `${letter.kind} ${letter.id}: failed ${letter.failedAt.toISOString()} after ${letter.attempts} attempts: ${letter.lastError}\n` +
    `  payload ${JSON.stringify(letter.payload)}`
  );
}

export const jobVerbs: Verb[] = [
  {
    name: 'jobs-dead-letters',
    usage: '[--kind KIND] [--limit N]',
    options: { kind: { type: 'string' }, limit: { type: 'string' } },
    async run(ctx, args, io) {
      const limitText = stringOption(args, 'limit') ?? '100';
      if (!/^[1-9]\d{0,5}$/.test(limitText)) throw new ApiError('--limit must be a whole number from 1 to 999999');
      const letters = await withJobs(ctx, (jobs) => jobs.deadLetters({ kind: stringOption(args, 'kind'), limit: Number(limitText) }));
      for (const letter of letters) io.out(describeDeadLetter(letter));
      io.out(letters.length === 0 ? 'No dead letters.' : `${letters.length} dead letter${letters.length === 1 ? '' : 's'}.`);
    },
  },
  {
    name: 'jobs-retry',
    usage: 'KIND ID | --all [--kind KIND]',
    options: { all: { type: 'boolean' }, kind: { type: 'string' } },
    async run(ctx, args, io) {
      if (args.values.all === true) {
        const count = await withJobs(ctx, (jobs) => jobs.retryDeadLetters(stringOption(args, 'kind')));
        io.out(`Queued ${count} dead letter${count === 1 ? '' : 's'} to run again.`);
        return;
      }
      const [kind, id] = args.positionals;
      if (!kind || !id) throw new ApiError("Give the dead letter's kind and id (as jobs-dead-letters lists them), or --all.");
      const retried = await withJobs(ctx, (jobs) => jobs.retryDeadLetter(kind, id));
      if (!retried) throw new ApiError(`There is no dead letter ${kind} ${id}.`);
      io.out(`Queued ${kind} ${id} to run again.`);
    },
  },
];
