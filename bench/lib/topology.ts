/**
 * The two topologies as real processes on this machine, for the benchmarks:
 *   - embedded: services/standalone in its own process, PGlite under a temporary DATA_DIR;
 *   - distributed: one process per service (gateway, message, subscription, settings, webhook,
 *     one event-queue replica) on the shared PostgreSQL, Redis and NATS, with a fresh database
 *     and a namespace of its own.
 * `prepare` writes into the database before any server opens it (bench users, a million
 * messages): for the embedded topology that is the only moment the bench can reach PGlite.
 * `from` starts it on a copy of a kept database instead of an empty one (lib/message-cache.ts).
 * Rate limiting is off (RATE_LIMIT_PER_MINUTE=0): the bench is one user sending hundreds per second.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKeyCipher, createDatabase, migrate, seedDevRealm, type Database } from '@chat/db';
import { freshDatabase, startProcess, PROCESS_SECRETS, type ServerProcess } from '@chat/testing';
import { adminQuery, dropDatabase, dropStream } from './cleanup';

export type TopologyName = 'embedded' | 'distributed';

export const TOPOLOGIES: TopologyName[] = (process.env.BENCH_TOPOLOGIES ?? 'embedded,distributed').split(',') as TopologyName[];

export interface NamedProcess {
  name: string;
  process: ServerProcess;
}

export interface Topology {
  name: TopologyName;
  /** Where clients talk to (the standalone server or the gateway). */
  url: string;
  /**
   * Where /register and /events go. Distributed: the event-queue process itself, as the ingress
   * of deploy/local and Kubernetes routes them (the event tier authenticates them itself);
   * BENCH_EVENTS_VIA=gateway sends them through the gateway hop instead.
   */
  eventsUrl: string;
  processes: NamedProcess[];
  /** The process that holds the parked long-polls. */
  eventTier: NamedProcess;
  stop(): Promise<void>;
}

export type Prepare = (db: Database) => Promise<void>;

/** A kept database to start from; a fresh one when empty. Each run gets its own copy. */
export interface StartFrom {
  /** Distributed: a PostgreSQL database cloned for the run (CREATE DATABASE ... TEMPLATE). */
  templateDatabase?: string;
  /** Embedded: a PGlite data directory copied for the run. */
  pgliteDirectory?: string;
}

const BENCH_ENV = {
  RATE_LIMIT_PER_MINUTE: '0',
  // Parked polls stay parked for the whole measurement; queues are not collected under it.
  EVENT_HEARTBEAT_SECS: '600',
  EVENT_QUEUE_MAX_EVENTS: '1000000',
  LOG_LEVEL: 'error',
};

export async function startTopology(name: TopologyName, prepare: Prepare = async () => {}, from: StartFrom = {}): Promise<Topology> {
  return name === 'embedded' ? startEmbedded(prepare, from) : startDistributed(prepare, from);
}

/** The embedded server's database: PGlite in `directory`, migrated, with the development realm, then `prepare`. */
export async function preparePglite(directory: string, prepare: Prepare): Promise<void> {
  const db = await createDatabase({ url: '', dataDir: directory });
  try {
    await migrate(db.knex);
    await seedDevRealm(db.knex, createApiKeyCipher(PROCESS_SECRETS.API_KEY_SECRET));
    await prepare(db);
  } finally {
    await db.close();
  }
}

/** A distributed run's database at `url` (freshDatabase migrated and seeded it), then `prepare`. */
export async function preparePostgres(url: string, prepare: Prepare): Promise<void> {
  const db = await createDatabase({ url, poolMax: 4 });
  try {
    await prepare(db);
  } finally {
    await db.close();
  }
}

async function startEmbedded(prepare: Prepare, from: StartFrom): Promise<Topology> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-embedded-'));
  if (from.pgliteDirectory) cpSync(from.pgliteDirectory, join(dataDir, 'pglite'), { recursive: true });
  await preparePglite(join(dataDir, 'pglite'), prepare);
  const server = await startProcess('services/standalone/src/main.ts', { ...BENCH_ENV, DATA_DIR: dataDir });
  const standalone = { name: 'standalone', process: server };
  return {
    name: 'embedded',
    url: server.url,
    eventsUrl: server.url,
    processes: [standalone],
    eventTier: standalone,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A copy of a kept database, file by file (STRATEGY FILE_COPY): for a database of many GB far
 * faster than the default, which writes every block to the WAL. Nobody may be connected to it.
 */
async function cloneDatabase(template: string, name: string): Promise<string> {
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

async function startDistributed(prepare: Prepare, from: StartFrom): Promise<Topology> {
  const stamp = `${Date.now().toString(36)}${process.pid}`;
  const database = `chat_bench_${stamp}`;
  const databaseUrl = from.templateDatabase ? await cloneDatabase(from.templateDatabase, database) : await freshDatabase(database);
  await preparePostgres(databaseUrl, prepare);
  const env = { ...BENCH_ENV, DATABASE_URL: databaseUrl, CHAT_NAMESPACE: `bench${stamp}` };
  const processes: NamedProcess[] = [];
  const stop = async () => {
    // The gateway first, so nothing new reaches the services while they drain.
    for (const p of [...processes].reverse()) await p.process.stop();
    // The run's database (a million messages is ~1 GB) and JetStream stream go with it; its Redis
    // queues expire on their own. BENCH_KEEP_DATABASE=1 keeps them for a look afterwards.
    if (process.env.BENCH_KEEP_DATABASE !== '1') {
      await dropDatabase(database);
      await dropStream(`bench${stamp}_events`);
    }
  };
  try {
    for (const service of ['settings', 'subscription', 'message', 'webhook', 'event-queue']) {
      processes.push({ name: service, process: await startProcess(`services/${service}/src/main.ts`, env) });
    }
    const urlOf = (service: string) => processes.find((p) => p.name === service)!.process.url;
    const gateway = await startProcess('services/gateway/src/main.ts', {
      ...env,
      SETTINGS_URL: urlOf('settings'),
      SUBSCRIPTION_URL: urlOf('subscription'),
      MESSAGE_URL: urlOf('message'),
      WEBHOOK_URL: urlOf('webhook'),
      EVENT_QUEUE_URL: urlOf('event-queue'),
    });
    processes.push({ name: 'gateway', process: gateway });
  } catch (err) {
    await stop();
    throw err;
  }
  const gatewayUrl = processes.find((p) => p.name === 'gateway')!.process.url;
  return {
    name: 'distributed',
    url: gatewayUrl,
    eventsUrl: process.env.BENCH_EVENTS_VIA === 'gateway' ? gatewayUrl : processes.find((p) => p.name === 'event-queue')!.process.url,
    processes,
    eventTier: processes.find((p) => p.name === 'event-queue')!,
    stop,
  };
}
