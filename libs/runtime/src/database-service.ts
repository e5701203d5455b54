/**
 * The process entry of a service whose only connection is the database (message, subscription,
 * settings, webhook in the distributed topology): configuration, logger, database, the internal
 * client for calls to other services, its jobs, health and metrics around the app, graceful
 * shutdown; the service itself is its compose function (service-context.ts).
 */
import { loadConfig } from '@chat/config';
import { httpInternalClient } from '@chat/http';
import { createLogger } from '@chat/log';
import { exitOnStartFailure, openDatabase } from './infrastructure';
import { startJobs } from './jobs';
import { createOperations } from './operations';
import { databaseCheck } from './probes';
import { withDevelopmentSecrets } from './secrets';
import { serve, serverLimits } from './server';
import { serviceProcess, type ComposeService } from './service-context';

export function runDatabaseService(service: string, compose: ComposeService): void {
  const start = async () => {
    const config = withDevelopmentSecrets(loadConfig());
    const logger = createLogger(config.logLevel, service);
    const db = await openDatabase(config, { migrate: false, logger });
    const internal = httpInternalClient(config.serviceUrls, config.internalSecret, service);
    const ops = createOperations({ service, logger, checks: { database: databaseCheck(db) } });
    const services = serviceProcess(config, logger);
    const jobs = await startJobs(config, db, logger, 'distributed');
    const app = await compose(services.contextFor({ db, internal, jobs: jobs.jobs }));
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
        await services.close();
        await db.close();
      },
    });
  };
  start().catch(exitOnStartFailure);
}
