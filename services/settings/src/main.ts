import { loadConfig } from '@chat/config';
import { httpInternalClient } from '@chat/http';
import { createLogger } from '@chat/log';
import { cipherFor, createOperations, databaseCheck, openDatabase, serve, withDevelopmentSecrets } from '@chat/runtime';
import { buildApp } from './app';

/** The settings service as its own process (distributed topology). */
async function main(): Promise<void> {
  const config = withDevelopmentSecrets(loadConfig());
  const logger = createLogger(config.logLevel, 'settings');
  const db = await openDatabase(config, { migrate: false, logger });
  const internal = httpInternalClient(config.serviceUrls, config.internalSecret, 'settings');
  const app = buildApp({ config, db, cipher: cipherFor(config), logger, internal });
  const ops = createOperations({ service: 'settings', logger, checks: { database: databaseCheck(db) } });
  await serve(ops.wrap(app), {
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
