import { loadConfig } from '@chat/config';
import { createLogger } from '@chat/log';
import { openBus, openDatabase, openQueueStore, serve, withDevelopmentSecrets } from '@chat/runtime';
import { startReplica } from './replica';

/**
 * An event-queue replica (distributed topology): HTTP for /register and /events, a member of the
 * bus delivery group, and a candidate outbox relay (one replica holds the relay lock at a time).
 */
async function main(): Promise<void> {
  const config = withDevelopmentSecrets(loadConfig());
  const logger = createLogger(config.logLevel, 'event-queue');
  const db = await openDatabase(config, { migrate: false, logger });
  const bus = await openBus(config, 'nats', logger);
  const store = openQueueStore(config, 'redis');
  const replica = await startReplica({ config, db, bus, store, logger });
  await serve(replica.app, {
    port: config.port,
    host: config.host,
    logger,
    onShutdown: async () => {
      await replica.drain();
      await bus.close();
      await store.close();
      await db.close();
    },
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
