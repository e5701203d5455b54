import { createRenderPool, renderPoolOptions } from '@chat/render-pool';
import { runDatabaseService } from '@chat/runtime';
import { buildApp } from './app';
import { registerMessageJobs } from './consumers/background-jobs';
import { registerRetentionJob } from './consumers/retention';

/** The message service as its own process (distributed topology), with its render pool and its jobs. */
runDatabaseService('message', async ({ config, db, logger, jobs, atShutdown }) => {
  const renderer = createRenderPool({ ...renderPoolOptions(config), logger });
  atShutdown(() => renderer.close());
  await registerRetentionJob({ db, jobs, logger, archiveGraceDays: config.archiveGraceDays });
  const deps = { config, db, logger, renderer };
  atShutdown(await registerMessageJobs(deps, jobs));
  return buildApp(deps);
});
