import { readFileSync } from 'node:fs';
import type { ComposeService } from '@chat/runtime';
import { buildApp } from './app';
import { registerMessageJobs } from './consumers/background-jobs';
import { registerRetentionJob } from './consumers/retention';
import { presenceFromEventTier } from './notifications/deliver';
import { registerWebPushJobs } from './web-push';
import { registerDigestJobs } from './digest';

/**
 * The message service in any topology: its app on the process's render pool, and the background
 * work it owns (outgoing webhooks, notifications, retention, its follow-ups).
 */
export const composeMessageService: ComposeService = async (ctx) => {
  const { config, db, logger, jobs } = ctx;
  const deps = { config, db, logger, renderer: ctx.renderer() };
  await registerRetentionJob({ db, jobs, logger, archiveGraceDays: config.archiveGraceDays });
  await registerMessageJobs(deps, jobs, ctx.mailer(), presenceFromEventTier(ctx.internal));
  await registerWebPushJobs(
    { ...deps, internal: ctx.internal, ca: config.webPushCaFile ? readFileSync(config.webPushCaFile, 'utf8') : undefined },
    jobs,
  );
  await registerDigestJobs(
    { db, logger, mailer: ctx.mailer(), externalHost: config.externalHost, internalSecret: config.internalSecret },
    jobs,
  );
  return buildApp(deps);
};
