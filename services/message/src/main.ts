import { loadConfig } from '@chat/config';
import { createLogger } from '@chat/log';
import { createOperations, databaseCheck, openDatabase, serve, withDevelopmentSecrets } from '@chat/runtime';
import { buildApp } from './app';

/** The message service as its own process (distributed topology). */
async function main(): Promise<void> {
  const config = withDevelopmentSecrets(loadConfig());
  const logger = createLogger(config.logLevel, 'message');
  const db = await openDatabase(config, { migrate: false, logger });
  const app = buildApp({ config, db, logger });
  const ops = createOperations({ service: 'message', logger, checks: { database: databaseCheck(db) } });
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
