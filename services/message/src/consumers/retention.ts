import type { Database } from '@chat/db';
import { defineJob, workJob, type Jobs } from '@chat/jobs';
import type { Logger } from '@chat/log';
import { archiveExpiredMessages, cleanArchivedData } from '../actions/retention';

/** Takes no payload: each run reads every realm's policy. */
export const RETENTION_JOB = defineJob<Record<string, never>>('message.retention');
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionDeps {
  db: Database;
  jobs: Jobs;
  logger: Logger;
  /** ARCHIVED_DATA_VACUUMING_DELAY_DAYS: how long archived messages are kept before deletion. */
  archiveGraceDays: number;
}

/**
 * The daily retention job (Zulip's archive_messages and clean_archived_data cron jobs): archive
 * what each realm's policy says has expired, then delete archives past their grace period. Each
 * step is safe to run again, so a retried or repeated run does no harm.
 */
export async function registerRetentionJob(deps: RetentionDeps): Promise<void> {
  await workJob(
    deps.jobs,
    RETENTION_JOB,
    async () => {
      const archived = await archiveExpiredMessages(deps.db.knex);
      const cleaned = await cleanArchivedData(deps.db.knex, deps.archiveGraceDays);
      if (archived.size > 0 || cleaned > 0) {
        deps.logger.info(
          { archived: Object.fromEntries(archived), cleanedBatches: cleaned },
          'message retention: archived expired messages',
        );
      }
    },
    { attempts: 3, backoffMs: 60_000 },
  );
  await deps.jobs.schedule('message.retention.daily', RETENTION_JOB.kind, {}, DAY_MS);
}
