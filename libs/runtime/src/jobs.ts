/**
 * Background jobs for a process: the Jobs adapter its topology uses and the dispatcher that
 * turns committed job requests (requestJob, @chat/dispatch) into jobs. Every process runs a dispatcher;
 * two dispatching the same request still make one job (the request id is the idempotency id).
 */
import type { Config } from '@chat/config';
import { type Database } from '@chat/db';
import { JobDispatcher } from '@chat/dispatch';
import { BullmqJobs, DatabaseJobs, type Jobs } from '@chat/jobs';
import type { Logger } from '@chat/log';

export interface ProcessJobs {
  jobs: Jobs;
  dispatcher: JobDispatcher;
  /** Stops dispatching, lets running jobs finish within `graceMs`, closes the adapter. */
  close(graceMs?: number): Promise<void>;
}

/** The Redis key prefix of a deployment's jobs (BullMQ), under its namespace like every key. */
export function jobsPrefix(config: Pick<Config, 'namespace'>): string {
  return `${config.namespace}:jobs`;
}

export type Topology = 'distributed' | 'embedded';

/** Distributed topology: BullMQ on REDIS_URL. Embedded: the database adapter on the process's database. */
export function openJobs(config: Config, db: Database, logger: Logger, topology: Topology): Jobs {
  return topology === 'distributed'
    ? new BullmqJobs({ redisUrl: config.redisUrl, prefix: jobsPrefix(config), logger, lockMs: config.jobsLockSecs * 1000 })
    : new DatabaseJobs({ knex: db.knex, logger, pollMs: config.jobsPollMs, lockMs: config.jobsLockSecs * 1000 });
}

/** The process's jobs and its dispatcher, started. */
export async function startJobs(config: Config, db: Database, logger: Logger, topology: Topology): Promise<ProcessJobs> {
  const jobs = openJobs(config, db, logger, topology);
  const dispatcher = new JobDispatcher({ db, jobs, logger });
  await dispatcher.start();
  return {
    jobs,
    dispatcher,
    async close(graceMs) {
      await dispatcher.stop();
      await jobs.close(graceMs === undefined ? {} : { graceMs });
    },
  };
}
