/**
 * The embedded topology's composition root: every service's app, built with the in-process
 * adapters (PGlite, the memory bus, the memory queue store), mounted behind the gateway in one
 * process with no HTTP hop. It is the only place that imports several services.
 */
import type { RequestListener } from 'node:http';
import type { Express, RequestHandler } from 'express';
import { Authenticator, watchAuthChanges } from '@chat/auth';
import { MemoryBus } from '@chat/bus';
import { SERVICE_NAMES, type Config, type ServiceName } from '@chat/config';
import { createDatabase, migrate, schemaNewerWarning, type Database } from '@chat/db';
import { type OutboxRelay } from '@chat/dispatch';
import { composeEventQueueService, withPlainEvents } from '@chat/event-queue-service';
import { composeGateway } from '@chat/gateway-service';
import { httpInternalClient, loopbackListener, MemoryRateLimitStore, RateLimiter, registerEventTierMetrics, type Health } from '@chat/http';
import type { Logger } from '@chat/log';
import { composeMessageService } from '@chat/message-service';
import { MemoryQueueStore } from '@chat/queue-store';
import type { RenderPool } from '@chat/render-pool';
import {
  cipherFor,
  createOperations,
  databaseCheck,
  serviceProcess,
  queueCountByScan,
  seedIfDevelopment,
  serverLimits,
  startJobs,
  type ComposeService,
  type ProcessJobs,
} from '@chat/runtime';
import { composeSettingsService } from '@chat/settings-service';
import { composeSubscriptionService } from '@chat/subscription-service';
import { composeWebhookService } from '@chat/webhook-service';
import { restoreQueues, saveQueues } from './saved-queues';

/**
 * Hands a request to a service's app in-process. The gateway's router has stripped /api/v1 from
 * req.url; the service app routes on the full path, as it does behind the HTTP hop.
 */
function inProcess(app: Express): RequestHandler {
  return (req, res, next) => {
    req.url = req.originalUrl;
    app(req, res, next);
  };
}

export interface Standalone {
  /**
   * What the server serves: steady-state polls on the event tier's plain node:http path, as an
   * event-queue process serves them, and everything else to the gateway behind /health/*,
   * /metrics and request timing.
   */
  app: RequestListener;
  db: Database;
  relay: OutboxRelay;
  /** Background jobs, kept in the database (the embedded adapter), and their dispatcher. */
  jobs: ProcessJobs;
  /** The process's render pool, which every service renders through. */
  renderer: RenderPool;
  /** Readiness; serve() marks it draining at SIGTERM. */
  health: Health;
  /** Answers parked long-polls, and every poll from now on, at once (the start of a shutdown). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export interface StandaloneOptions {
  config: Config;
  logger: Logger;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  pgliteDir?: string;
  /** Overrides the 45-55 s heartbeat delay (tests). */
  heartbeatMs?: () => number;
  /** Where event queues are saved on a clean shutdown and restored from at start; none: not kept. */
  queueFile?: string;
}

export async function startStandalone(options: StandaloneOptions): Promise<Standalone> {
  const { config, logger } = options;
  const db = await createDatabase({ url: '', dataDir: options.pgliteDir });
  // Migrates itself, as `npm start` always has; a data directory of a newer release is served as a rollback.
  const newer = schemaNewerWarning(await migrate(db.knex));
  if (newer) logger.warn(newer);
  await seedIfDevelopment(db, config, logger);

  const bus = new MemoryBus({ partitions: config.busPartitions });
  const store = new MemoryQueueStore({ maxEvents: config.queueMaxEvents });
  if (options.queueFile) await restoreQueues(store, options.queueFile, logger);
  // The one process has one database connection and in-process bus and queues: PGlite is all
  // that can be down.
  const ops = createOperations({ service: 'standalone', logger, checks: { database: databaseCheck(db) } });
  let parkedPolls = () => 0;
  const observer = registerEventTierMetrics(ops.metrics, { parkedPolls: () => parkedPolls(), queues: queueCountByScan(store) });
  // The gateway and the event tier's plain poll path authenticate with one authenticator and
  // count against one set of windows; one process, so the windows live in its memory.
  const authenticator = new Authenticator(db.knex, cipherFor(config));
  const unwatch = await watchAuthChanges(db, authenticator, logger);
  const rateLimiter = new RateLimiter({ store: new MemoryRateLimitStore(), perMinute: config.rateLimitPerMinute, logger });
  const replica = await composeEventQueueService({
    config,
    db,
    bus,
    store,
    logger,
    heartbeatMs: options.heartbeatMs,
    observer,
    authenticator,
    rateLimiter,
    requestDuration: ops.metrics.requestDuration,
  });
  parkedPolls = () => replica.polls.size;
  // At SIGTERM only the parked polls are answered; the relay and the consumer keep going while
  // requests in flight commit, and stop() stops them once nothing is in flight.
  const drain = async () => replica.polls.drain();
  const relay = replica.relay!;

  // Internal service-to-service calls go over loopback listeners, signed as in production, with
  // the public server's limits.
  const internalUrls: Record<string, string> = {};
  // Every service composed as its own process composes it, on this process's database and jobs
  // (the embedded adapter), one render pool and one mailer for them all.
  const jobs = await startJobs(config, db, logger, 'embedded');
  const services = serviceProcess(config, logger);
  const compose = (name: ServiceName, service: ComposeService) =>
    service(services.contextFor({ db, jobs: jobs.jobs, internal: httpInternalClient(internalUrls, config.internalSecret, name) }));
  const apps: Record<ServiceName, Express> = {
    message: await compose('message', composeMessageService),
    subscription: await compose('subscription', composeSubscriptionService),
    settings: await compose('settings', composeSettingsService),
    webhook: await compose('webhook', composeWebhookService),
    'event-queue': replica.app,
  };
  const loopbacks = await Promise.all(SERVICE_NAMES.map((name) => loopbackListener(apps[name], serverLimits(config))));
  SERVICE_NAMES.forEach((name, i) => (internalUrls[name] = loopbacks[i]!.url));

  const gateway = composeGateway({
    config,
    db,
    logger,
    authenticator,
    rateLimiter,
    dispatch: Object.fromEntries(SERVICE_NAMES.map((name) => [name, inProcess(apps[name])])) as Record<ServiceName, RequestHandler>,
  });

  return {
    app: withPlainEvents(replica.plain, ops.wrap(gateway)),
    db,
    relay,
    jobs,
    renderer: services.renderer(),
    health: ops.health,
    drain,
    async stop() {
      await Promise.all(loopbacks.map((l) => l.close()));
      await unwatch();
      await jobs.close(config.shutdownGraceSecs * 1000);
      await replica.drain();
      await bus.close();
      if (options.queueFile) saveQueues(store, options.queueFile);
      await store.close();
      await services.close();
      await db.close();
    },
  };
}
