/**
 * The two topologies as real processes on this machine, for the benchmarks:
 *   - embedded: services/standalone in its own process, PGlite under a temporary DATA_DIR;
 *   - distributed: one process per service (gateway, message, subscription, settings, webhook,
 *     one event-queue replica) on the shared PostgreSQL, Redis and NATS, with a fresh database
 *     and a namespace of its own.
 * `prepare` writes into the database before any server opens it (bench users, a million
 * messages): for the embedded topology that is the only moment the bench can reach PGlite.
 * Rate limiting is off (RATE_LIMIT_PER_MINUTE=0): the bench is one user sending hundreds per second.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKeyCipher, createDatabase, migrate, seedDevRealm, type Database } from '@chat/db';
import { freshDatabase, startProcess, PROCESS_SECRETS, type ServerProcess } from '@chat/testing';
import { dropDatabase, dropStream } from './cleanup';

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

const BENCH_ENV = {
  RATE_LIMIT_PER_MINUTE: '0',
  // Parked polls stay parked for the whole measurement; queues are not collected under it.
  EVENT_HEARTBEAT_SECS: '600',
  EVENT_QUEUE_MAX_EVENTS: '1000000',
  LOG_LEVEL: 'error',
};

export async function startTopology(name: TopologyName, prepare: Prepare = async () => {}): Promise<Topology> {
  return name === 'embedded' ? startEmbedded(prepare) : startDistributed(prepare);
}

async function startEmbedded(prepare: Prepare): Promise<Topology> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-embedded-'));
  const db = await createDatabase({ url: '', dataDir: join(dataDir, 'pglite') });
  try {
    await migrate(db.knex);
    await seedDevRealm(db.knex, createApiKeyCipher(PROCESS_SECRETS.API_KEY_SECRET));
    await prepare(db);
  } finally {
    await db.close();
  }
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

async function startDistributed(prepare: Prepare): Promise<Topology> {
  const stamp = `${Date.now().toString(36)}${process.pid}`;
  const databaseUrl = await freshDatabase(`chat_bench_${stamp}`);
  const db = await createDatabase({ url: databaseUrl, poolMax: 4 });
  try {
    await prepare(db);
  } finally {
    await db.close();
  }
  const env = { ...BENCH_ENV, DATABASE_URL: databaseUrl, CHAT_NAMESPACE: `bench${stamp}` };
  const processes: NamedProcess[] = [];
  const stop = async () => {
    // The gateway first, so nothing new reaches the services while they drain.
    for (const p of [...processes].reverse()) await p.process.stop();
    // The run's database (a million messages is ~1 GB) and JetStream stream go with it; its Redis
    // queues expire on their own. BENCH_KEEP_DATABASE=1 keeps them for a look afterwards.
    if (process.env.BENCH_KEEP_DATABASE !== '1') {
      await dropDatabase(`chat_bench_${stamp}`);
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
