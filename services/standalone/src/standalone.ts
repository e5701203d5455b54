/**
 * The embedded topology's composition root: every service's app, built with the in-process
 * adapters (PGlite, the memory bus, the memory queue store), mounted behind the gateway in one
 * process with no HTTP hop. It is the only place that imports several services.
 */
import type { Express, RequestHandler } from 'express';
import { Authenticator, watchAuthChanges } from '@chat/auth';
import { MemoryBus } from '@chat/bus';
import { SERVICE_NAMES, type Config, type ServiceName } from '@chat/config';
import { createDatabase, migrate, type Database, type OutboxRelay } from '@chat/db';
import { startReplica } from '@chat/event-queue-service';
import { buildGateway, webDirFor } from '@chat/gateway-service';
import { httpInternalClient, loopbackListener, MemoryRateLimitStore, RateLimiter, registerEventTierMetrics, type Health } from '@chat/http';
import type { Logger } from '@chat/log';
import { mailerFromConfig } from '@chat/mail';
import { buildApp as buildMessage, registerMessageJobs, registerRetentionJob } from '@chat/message-service';
import { MemoryQueueStore } from '@chat/queue-store';
import { createRenderPool, renderPoolOptions, type RenderPool } from '@chat/render-pool';
import { cipherFor, createOperations, databaseCheck, queueCountByScan, seedIfDevelopment, serverLimits, startJobs, type ProcessJobs } from '@chat/runtime';
import { restoreQueues, saveQueues } from './saved-queues';
import { buildApp as buildSettings, registerInvitationMailJob } from '@chat/settings-service';
import { buildApp as buildSubscription, registerSubscriptionFollowUps } from '@chat/subscription-service';
import { buildApp as buildWebhook } from '@chat/webhook-service';

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
  /** The gateway behind /health/*, /metrics and request timing. */
  app: Express;
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
  await migrate(db.knex);
  await seedIfDevelopment(db, config, logger);

  const bus = new MemoryBus({ partitions: config.busPartitions });
  const store = new MemoryQueueStore({ maxEvents: config.queueMaxEvents });
  if (options.queueFile) await restoreQueues(store, options.queueFile, logger);
  // The one process has one database connection and in-process bus and queues: PGlite is all
  // that can be down.
  const ops = createOperations({ service: 'standalone', logger, checks: { database: databaseCheck(db) } });
  let parkedPolls = () => 0;
  const observer = registerEventTierMetrics(ops.metrics, { parkedPolls: () => parkedPolls(), queues: queueCountByScan(store) });
  const replica = await startReplica({ config, db, bus, store, logger, heartbeatMs: options.heartbeatMs, observer });
  parkedPolls = () => replica.polls.size;
  // At SIGTERM only the parked polls are answered; the relay and the consumer keep going while
  // requests in flight commit, and stop() stops them once nothing is in flight.
  const drain = async () => replica.polls.drain();
  const relay = replica.relay!;

  // Internal service-to-service calls go over loopback listeners, signed as in production, with
  // the public server's limits.
  const apps = {} as Record<ServiceName, Express>;
  const internalUrls: Record<string, string> = {};
  const internalFor = (caller: string) => httpInternalClient(internalUrls, config.internalSecret, caller);
  // One render pool for the process: messages and stream descriptions share its threads and limits.
  const renderer = createRenderPool({ ...renderPoolOptions(config), logger });
  const messageDeps = { config, db, logger, renderer };
  apps.message = buildMessage(messageDeps);
  // Each service's job workers, as its own process registers them in the distributed topology.
  const jobs = await startJobs(config, db, logger, 'embedded');
  await registerRetentionJob({ db, jobs: jobs.jobs, logger, archiveGraceDays: config.archiveGraceDays });
  // One mailer for invitations and missed-message e-mails. Without EMAIL_HOST mail lands in
  // DATA_DIR/mail: the line says where, so it can be found.
  const mailer = mailerFromConfig(config);
  logger.info(mailer.describe());
  await registerMessageJobs(messageDeps, jobs.jobs, mailer);
  const subscriptionDeps = { config, db, logger, internal: internalFor('subscription'), renderer };
  apps.subscription = buildSubscription(subscriptionDeps);
  await registerSubscriptionFollowUps(subscriptionDeps, jobs.jobs);
  const settingsDeps = { config, db, cipher: cipherFor(config), logger, internal: internalFor('settings'), mailer };
  apps.settings = buildSettings(settingsDeps);
  await registerInvitationMailJob({ ...settingsDeps, jobs: jobs.jobs });
  apps.webhook = buildWebhook({ config, db, logger, internal: internalFor('webhook') });
  apps['event-queue'] = replica.app;
  const loopbacks = await Promise.all(SERVICE_NAMES.map((name) => loopbackListener(apps[name], serverLimits(config))));
  SERVICE_NAMES.forEach((name, i) => (internalUrls[name] = loopbacks[i]!.url));

  const authenticator = new Authenticator(db.knex, cipherFor(config));
  const unwatch = await watchAuthChanges(db, authenticator, logger);
  const gateway = buildGateway({
    db: db.knex,
    externalHost: config.externalHost,
    authenticator,
    logger,
    // One process: the windows live in its memory.
    rateLimiter: new RateLimiter({ store: new MemoryRateLimitStore(), perMinute: config.rateLimitPerMinute, logger }),
    webDir: webDirFor(config.webDir),
    dispatch: Object.fromEntries(SERVICE_NAMES.map((name) => [name, inProcess(apps[name])])) as Record<
      ServiceName,
      RequestHandler
    >,
  });

  return {
    app: ops.wrap(gateway),
    db,
    relay,
    jobs,
    renderer,
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
      await renderer.close();
      await mailer.close();
      await db.close();
    },
  };
}
