/**
 * The distributed topology inside one test process: every service on its own HTTP port, real
 * PostgreSQL (a database of its own), NATS JetStream and Redis, two event-queue replicas, and the
 * gateway forwarding over HTTP with the signed identity header. Only the process boundary is
 * missing; deploy/local runs the same pieces as separate processes.
 */
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Authenticator, watchAuthChanges } from '@chat/auth';
import type { Config, ServiceName } from '@chat/config';
import { createApiKeyCipher, createDatabase, seedDevRealm, type Database } from '@chat/db';
import { OutboxRelay } from '@chat/dispatch';
import { composeEventQueueService, withPlainEvents, type EventQueueWorker, type Replica } from '@chat/event-queue-service';
import { composeGateway, forwardToServices } from '@chat/gateway-service';
import { createLimitedServer, httpInternalClient, type ServerLimits } from '@chat/http';
import type { Jobs } from '@chat/jobs';
import type { Logger } from '@chat/log';
import { composeMessageService } from '@chat/message-service';
import type { RedisQueueStore } from '@chat/queue-store';
import {
  jobsPrefix,
  KEEP_ALIVE_TIMEOUT_MS,
  openBus,
  openRedisQueueStore,
  openSharedRateLimiter,
  serviceProcess,
  serverLimits,
  startJobs,
  type ComposeService,
  type ProcessJobs,
} from '@chat/runtime';
import { composeSettingsService } from '@chat/settings-service';
import { composeSubscriptionService } from '@chat/subscription-service';
import { composeWebhookService } from '@chat/webhook-service';
import { createTestDatabase, testConfig, testLogger, type TestDatabase } from '@chat/testing';

export interface ReplicaHandle {
  url: string;
  worker: EventQueueWorker | null;
  replica: Replica;
  /** Its queue store: tests wait until a poll is parked on it (listensFor). */
  store: RedisQueueStore;
}

export interface DistributedCluster {
  gatewayUrl: string;
  /** Every gateway replica (the first is gatewayUrl); they share the rate-limit windows in Redis. */
  gatewayUrls: string[];
  config: Config;
  replicas: ReplicaHandle[];
  db: Database;
  relay: OutboxRelay;
  /**
   * The cluster's background jobs (BullMQ on Redis, under the run's namespace): every kind's queue
   * is shared, so this, the settings process's, sees the message service's jobs too, across its restarts.
   */
  jobs: Jobs;
  /** The message and subscription services' processes, which a test may stop and start again (same port). */
  message: RestartableService;
  subscription: RestartableService;
  stop(): Promise<void>;
}

export interface RestartableService {
  url: string;
  /** As its process ending: its server, its job workers and its database connections close. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

interface ServiceProcess {
  app: RequestListener;
  jobs: ProcessJobs;
  close(): Promise<void>;
}

/**
 * One service as its own process would run it (runDatabaseService): its own database connections,
 * its jobs (BullMQ) and dispatcher, its render pool and mailer, then the service's compose function.
 */
async function startService(
  name: ServiceName,
  compose: ComposeService,
  config: Config,
  logger: Logger,
  urls: Partial<Record<ServiceName, string>>,
): Promise<ServiceProcess> {
  const db = await createDatabase({ url: config.databaseUrl, poolMax: 4 });
  const jobs = await startJobs(config, db, logger, 'distributed');
  const services = serviceProcess(config, logger);
  // Internal calls read the URLs when they are made: services started later are found.
  const internal = httpInternalClient(urls as Record<string, string>, config.internalSecret, name);
  const app = await compose(services.contextFor({ db, internal, jobs: jobs.jobs }));
  return {
    app,
    jobs,
    async close() {
      await jobs.close(0);
      await services.close();
      await db.close();
    },
  };
}

/** A service that listens on one port across restarts, so the gateway's route to it stays valid. */
async function restartable(build: () => Promise<ServiceProcess>, limits: ServerLimits): Promise<RestartableService> {
  let running: { server: Server; process: ServiceProcess } | null = null;
  let port = 0;
  const service = {
    url: '',
    async start() {
      if (running) return;
      const process = await build();
      const { server, url } = await listen(process.app, limits, port);
      port = (server.address() as AddressInfo).port;
      service.url = url;
      running = { server, process };
    },
    async stop() {
      if (!running) return;
      const { server, process } = running;
      running = null;
      await new Promise((resolve) => server.close(resolve).closeAllConnections());
      await process.close();
    },
  };
  await service.start();
  return service;
}

/** Each run has a stream of its own; it goes with the run. */
async function deleteStream(servers: string, stream: string): Promise<void> {
  const nc = await connect({ servers });
  try {
    await (await jetstreamManager(nc)).streams.delete(stream);
  } finally {
    await nc.close();
  }
}

/** Each run's jobs go with the run. */
async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** As main.ts serves it (libs/runtime's serve): with the configuration's body cap and deadlines. */
async function listen(app: RequestListener, limits: ServerLimits, port = 0): Promise<{ server: Server; url: string }> {
  const server = createLimitedServer(app, limits);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export interface ClusterOptions {
  /** Which replicas run a bus consumer (all by default). */
  consumers?: boolean[];
  /** Which replicas the gateway sends /register and /events to (all by default). */
  pollTargets?: boolean[];
  heartbeatMs?: () => number;
  configOverrides?: Partial<Config>;
  /** Gateway replicas (1 by default). */
  gateways?: number;
  /** A database to run on (a restored one), which the caller drops; by default a fresh one of the cluster's own. */
  database?: TestDatabase;
}

export async function startDistributedCluster(options: ClusterOptions = {}): Promise<DistributedCluster> {
  const consumers = options.consumers ?? [true, true];
  const pollTargets = options.pollTargets ?? consumers.map(() => true);
  const testDb: TestDatabase = options.database ?? (await createTestDatabase());
  const config: Config = testConfig({ ...options.configOverrides, databaseUrl: testDb.url });
  const logger = testLogger();
  const cleanups: (() => Promise<unknown>)[] = [];
  const open = async (): Promise<Database> => {
    const db = await createDatabase({ url: config.databaseUrl, poolMax: 4 });
    cleanups.push(() => db.close());
    return db;
  };
  const serve = async (app: RequestListener) => {
    const { server, url } = await listen(app, serverLimits(config));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)).then(() => server.closeAllConnections()));
    return url;
  };

  const db = await open();
  const cipher = createApiKeyCipher(config.apiKeySecret);
  await seedDevRealm(db.knex, cipher);

  // Filled as services start; internal calls read it when they are made.
  const urls: Partial<Record<ServiceName, string>> = {};
  const run = async (name: ServiceName, compose: ComposeService) => {
    const service = await startService(name, compose, config, logger, urls);
    cleanups.push(() => service.close());
    urls[name] = await serve(service.app);
    return service;
  };
  cleanups.push(() => deleteKeys(config.redisUrl, jobsPrefix(config)));
  // The message and subscription services can be stopped and started again, as their processes can.
  const message = await restartable(() => startService('message', composeMessageService, config, logger, urls), serverLimits(config));
  cleanups.push(() => message.stop());
  urls.message = message.url;
  const subscription = await restartable(
    () => startService('subscription', composeSubscriptionService, config, logger, urls),
    serverLimits(config),
  );
  cleanups.push(() => subscription.stop());
  urls.subscription = subscription.url;
  const settings = await run('settings', composeSettingsService);
  await run('webhook', composeWebhookService);

  // As in production, the gateway and the event tier authenticate (and rate-limit) on one database
  // and one set of windows: the ingress may send /register and /events to a replica directly.
  const gatewayDb = await open();
  const authenticator = new Authenticator(gatewayDb.knex, cipher);
  const unwatch = await watchAuthChanges(gatewayDb, authenticator, logger);
  cleanups.push(unwatch);

  const replicas: ReplicaHandle[] = [];
  let relay: OutboxRelay | undefined;
  for (const consumes of consumers) {
    // The bus and the queue store as the event tier's main.ts opens them.
    const bus = await openBus(config, logger);
    const redis = openRedisQueueStore(config);
    const store = redis.store;
    const limits = await openSharedRateLimiter(config, logger);
    cleanups.push(() => limits.close());
    const replica = await composeEventQueueService({
      config,
      db: await open(),
      bus,
      store,
      logger,
      consume: consumes,
      // Every replica competes for the relay lock, as in production; one holds it at a time.
      heartbeatMs: options.heartbeatMs,
      authenticator,
      rateLimiter: limits.limiter,
    });
    relay ??= replica.relay ?? undefined;
    // As main.ts serves it: steady-state polls on plain node:http, the rest on express.
    const url = await serve(withPlainEvents(replica.plain, replica.app));
    cleanups.push(async () => {
      await replica.drain();
      await bus.close();
      await redis.close();
    });
    replicas.push({ url, worker: replica.worker, replica, store });
  }
  urls['event-queue'] = replicas
    .filter((_, i) => pollTargets[i])
    .map((r) => r.url)
    .join(',');

  const dispatch = forwardToServices(urls, config.internalSecret);
  const gatewayUrls: string[] = [];
  for (let i = 0; i < (options.gateways ?? 1); i++) {
    // Each replica its own connection to the shared windows, as in production (gateway main.ts).
    const limits = await openSharedRateLimiter(config, logger);
    cleanups.push(() => limits.close());
    gatewayUrls.push(await serve(composeGateway({ config, db: gatewayDb, logger, authenticator, dispatch, rateLimiter: limits.limiter })));
  }
  const gatewayUrl = gatewayUrls[0]!;

  const theRelay = relay!;
  return {
    gatewayUrl,
    gatewayUrls,
    config,
    replicas,
    db,
    relay: theRelay,
    jobs: settings.jobs.jobs,
    message,
    subscription,
    async stop() {
      await theRelay.stop();
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
      await deleteStream(config.natsUrl, `${config.namespace}_events`).catch(() => undefined);
      if (!options.database) await testDb.drop();
    },
  };
}
