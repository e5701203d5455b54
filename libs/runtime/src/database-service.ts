/**
 * The process entry of a service whose only connection is the database (message, subscription,
 * settings, webhook in the distributed topology): configuration, logger, database, the internal
 * client for calls to other services, health and metrics around the app, graceful shutdown.
 */
import type { Express } from 'express';
import { loadConfig, type Config } from '@chat/config';
import type { Database } from '@chat/db';
import { httpInternalClient, type InternalClient } from '@chat/http';
import type { Jobs } from '@chat/jobs';
import { createLogger, type Logger } from '@chat/log';
import { openDatabase } from './infrastructure';
import { startJobs } from './jobs';
import { createOperations } from './operations';
import { databaseCheck } from './probes';
import { withDevelopmentSecrets } from './secrets';
import { serve, serverLimits } from './server';

export interface ServiceContext {
  config: Config;
  db: Database;
  logger: Logger;
  internal: InternalClient;
  /** Background jobs (BullMQ on REDIS_URL): the service registers the workers of the work it owns. */
  jobs: Jobs;
  /** Registers what the app opened beyond the database (a render pool), closed at shutdown before it. */
  atShutdown(close: () => Promise<void>): void;
}

export function runDatabaseService(service: string, buildApp: (ctx: ServiceContext) => Express | Promise<Express>): void {
  const start = async () => {
    const config = withDevelopmentSecrets(loadConfig());
    const logger = createLogger(config.logLevel, service);
    const db = await openDatabase(config, { migrate: false, logger });
    const internal = httpInternalClient(config.serviceUrls, config.internalSecret, service);
    const ops = createOperations({ service, logger, checks: { database: databaseCheck(db) } });
    const closers: (() => Promise<void>)[] = [];
    const atShutdown = (close: () => Promise<void>) => void closers.push(close);
    const jobs = await startJobs(config, db, logger, 'distributed');
    const app = await buildApp({ config, db, logger, internal, jobs: jobs.jobs, atShutdown });
    await serve(ops.wrap(app), {
      port: config.port,
      host: config.host,
      logger,
      limits: serverLimits(config),
      health: ops.health,
      graceMs: config.shutdownGraceSecs * 1000,
      onShutdown: async () => {
        // Running jobs get the grace too; past it they are let go, and another replica reruns them.
        await jobs.close(config.shutdownGraceSecs * 1000);
        for (const close of closers) await close();
        await db.close();
      },
    });
  };
  start().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
