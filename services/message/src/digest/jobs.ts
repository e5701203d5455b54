/**
 * The weekly digest's schedule: every hour (one run however many processes schedule it) the
 * people due a digest today get one job each, its id naming the person and the day, so later runs
 * of the same day add nothing. A realm's digest day (digest_weekday) is a UTC day.
 */
import type { Executor } from '@chat/db';
import { workJob, type Jobs } from '@chat/jobs';
import type { Logger } from '@chat/log';
import type { Mailer } from '@chat/mail';
import { usersDueForDigest } from './due';
import { DIGEST_EMAIL_JOB, DIGEST_SCHEDULE_JOB } from './kinds';
import { mailDigest } from './send';

export const DIGEST_SCHEDULE_MS = 60 * 60 * 1000;

export interface DigestJobDeps {
  db: { knex: Executor };
  logger: Logger;
  mailer: Mailer;
  externalHost: string;
  internalSecret: string;
}

/** Asks for the digests due at `now`; resolves to how many people are due. */
export async function enqueueDueDigests(db: Executor, jobs: Jobs, now = new Date()): Promise<number> {
  const due = await usersDueForDigest(db, now);
  const day = now.toISOString().slice(0, 10);
  for (const payload of due) await jobs.enqueue(DIGEST_EMAIL_JOB.kind, payload, { id: `${payload.userId}:${day}` });
  return due.length;
}

export async function registerDigestJobs(deps: DigestJobDeps, jobs: Jobs): Promise<void> {
  const db = deps.db.knex;
  const mailDeps = { db, logger: deps.logger, mailer: deps.mailer, externalHost: deps.externalHost, secret: deps.internalSecret };
  await workJob(jobs, DIGEST_SCHEDULE_JOB, async () => {
    await enqueueDueDigests(db, jobs);
  });
  // A mail server that refuses for a while: tried again over about half an hour, then a dead letter.
  await workJob(
    jobs,
    DIGEST_EMAIL_JOB,
    async (job) => {
      await mailDigest(mailDeps, job.payload);
    },
    { attempts: 6, backoffMs: 60_000 },
  );
  await jobs.schedule('message.digest-schedule.hourly', DIGEST_SCHEDULE_JOB.kind, {}, DIGEST_SCHEDULE_MS);
}
