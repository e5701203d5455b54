/**
 * The process entry of a service whose only connection is the database (message, subscription,
 * settings, webhook in the distributed topology): configuration, logger, database, the internal
 * client for calls to other services, health and metrics around the app, graceful shutdown.
 */
import type { Express } from 'express';
import { loadConfig, type Config } from '@chat/config';
import type { Database } from '@chat/db';
import { httpInternalClient, type InternalClient } from '@chat/http';
import { createLogger, type Logger } from '@chat/log';
import { openDatabase } from './infrastructure';
import { createOperations } from './operations';
import { databaseCheck } from './probes';
import { withDevelopmentSecrets } from './secrets';
import { serve, serverLimits } from './server';

export interface ServiceContext {
  config: Config;
  db: Database;
  logger: Logger;
  internal: InternalClient;
  /** Registers what the app opened beyond the database (a render pool), closed at shutdown before it. */
  atShutdown(close: () => Promise<void>): void;
}

export function runDatabaseService(service: string, buildApp: (ctx: ServiceContext) => Express): void {
  const start = async () => {
    const config = withDevelopmentSecrets(loadConfig());
    const logger = createLogger(config.logLevel, service);
    const db = await openDatabase(config, { migrate: false, logger });
    const internal = httpInternalClient(config.serviceUrls, config.internalSecret, service);
    const ops = createOperations({ service, logger, checks: { database: databaseCheck(db) } });
    const closers: (() => Promise<void>)[] = [];
    const atShutdown = (close: () => Promise<void>) => void closers.push(close);
    await serve(ops.wrap(buildApp({ config, db, logger, internal, atShutdown })), {
      port: config.port,
      host: config.host,
      logger,
      limits: serverLimits(config),
      health: ops.health,
      graceMs: config.shutdownGraceSecs * 1000,
      onShutdown: async () => {
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
