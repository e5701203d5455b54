import { loadConfig } from '@chat/config';
import { httpInternalClient } from '@chat/http';
import { createLogger } from '@chat/log';
import { createOperations, databaseCheck, openDatabase, serve, withDevelopmentSecrets } from '@chat/runtime';
import { buildApp } from './app';

/** The subscription service as its own process (distributed topology). */
async function main(): Promise<void> {
  const config = withDevelopmentSecrets(loadConfig());
  const logger = createLogger(config.logLevel, 'subscription');
  const db = await openDatabase(config, { migrate: false, logger });
  const internal = httpInternalClient(config.serviceUrls, config.internalSecret, 'subscription');
  const ops = createOperations({ service: 'subscription', logger, checks: { database: databaseCheck(db) } });
  await serve(ops.wrap(buildApp({ config, db, logger, internal })), {
    port: config.port,
    host: config.host,
    logger,
    health: ops.health,
    graceMs: config.shutdownGraceSecs * 1000,
    onShutdown: () => db.close(),
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
