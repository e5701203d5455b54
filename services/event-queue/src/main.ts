import { loadConfig } from '@chat/config';
import { OutboxRelay } from '@chat/db';
import { createLogger } from '@chat/log';
import { openBus, openDatabase, openQueueStore, serve, withDevelopmentSecrets } from '@chat/runtime';
import { buildApp } from './app';
import { startWorker } from './worker';

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
  const worker = await startWorker({ bus, store, logger });
  const relay = new OutboxRelay({ db, bus, logger });
  await relay.start();
  const app = buildApp({ config, db, store, logger });
  await serve(app, {
    port: config.port,
    host: config.host,
    logger,
    onShutdown: async () => {
      await relay.stop();
      await worker.stop();
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
