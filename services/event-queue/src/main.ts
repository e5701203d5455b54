import { Authenticator, watchAuthChanges } from '@chat/auth';
import { loadConfig } from '@chat/config';
import { registerEventTierMetrics } from '@chat/http';
import { createLogger } from '@chat/log';
import {
  cipherFor,
  createOperations,
  databaseCheck,
  exitOnStartFailure,
  openBus,
  openDatabase,
  openNatsMonitor,
  openRedisQueueStore,
  openSharedRateLimiter,
  serve,
  serverLimits,
  withDevelopmentSecrets,
} from '@chat/runtime';
import { composeEventQueueService } from './compose';
import { DELIVERY_GROUP } from './consumers/worker';
import { withPlainEvents } from './routes/plain-events';

/**
 * An event-queue replica (distributed topology): HTTP for /register and /events, a member of the
 * bus delivery group, and a candidate outbox relay (one replica holds the relay lock at a time).
 */
async function main(): Promise<void> {
  const config = withDevelopmentSecrets(loadConfig());
  const logger = createLogger(config.logLevel, 'event-queue');
  const db = await openDatabase(config, { migrate: false, logger });
  const bus = await openBus(config, logger);
  const nats = await openNatsMonitor(config, DELIVERY_GROUP, logger);
  const redis = openRedisQueueStore(config);
  // Ready only with all three: a replica without Redis cannot serve a poll, without NATS it
  // cannot deliver, without PostgreSQL it cannot register.
  const ops = createOperations({
    service: 'event-queue',
    logger,
    checks: { database: databaseCheck(db), nats: () => nats.check(), redis: () => redis.check() },
  });
  let parkedPolls = () => 0;
  const observer = registerEventTierMetrics(ops.metrics, {
    parkedPolls: () => parkedPolls(),
    queues: () => redis.queueCount(),
    consumerLag: () => nats.consumerLag(),
  });
  // The ingress may send /register and /events here directly: this replica then checks API keys
  // as the gateway does, with a cache that committed auth changes invalidate.
  const authenticator = new Authenticator(db.knex, cipherFor(config));
  const unwatch = await watchAuthChanges(db, authenticator, logger);
  // ...and counts them against the gateway's rate-limit windows, which it shares through Redis.
  const limits = await openSharedRateLimiter(config, logger);
  const requestDuration = ops.metrics.requestDuration;
  const replica = await composeEventQueueService({
    config,
    db,
    bus,
    store: redis.store,
    logger,
    observer,
    authenticator,
    rateLimiter: limits.limiter,
    requestDuration,
  });
  parkedPolls = () => replica.polls.size;
  await serve(withPlainEvents(replica.plain, ops.wrap(replica.app)), {
    port: config.port,
    host: config.host,
    logger,
    limits: serverLimits(config),
    health: ops.health,
    graceMs: config.shutdownGraceSecs * 1000,
    // Parked polls answered now (clients poll again, on another replica); no bus record taken
    // after the one in hand; the relay lock released for another replica.
    drain: () => replica.drain(),
    onShutdown: async () => {
      // NATS drain flushes pending acks before the connection closes.
      await unwatch();
      await limits.close();
      await bus.close();
      await nats.close();
      await redis.close();
      await db.close();
    },
  });
}

main().catch(exitOnStartFailure);
