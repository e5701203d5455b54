import { join } from 'node:path';
import { NatsBus, type Bus } from '@chat/bus';
import type { Config } from '@chat/config';
import {
  assertSchemaServes,
  createApiKeyCipher,
  createDatabase,
  migrate,
  schemaNewerWarning,
  seedDevRealm,
  SchemaVersionError,
  type ApiKeyCipher,
  type Database,
} from '@chat/db';
import type { Logger } from '@chat/log';

/**
 * The database for the topology: PostgreSQL when DATABASE_URL is set, PGlite under DATA_DIR
 * otherwise. Migrated when `migrate` is set; otherwise (a server of the distributed topology,
 * whose release migrates first) refused with a SchemaVersionError while migrations are pending.
 * A schema newer than the code (a rollback) is served with a warning.
 */
export async function openDatabase(config: Config, opts: { migrate: boolean; logger: Logger }): Promise<Database> {
  const db = await createDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  try {
    const status = opts.migrate ? await migrate(db.knex) : await assertSchemaServes(db.knex);
    const newer = schemaNewerWarning(status);
    if (newer) opts.logger.warn(newer);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/**
 * The end of a process that could not start: a refusal it can explain (SchemaVersionError) in
 * its one line, anything else with its stack; exit status 1 either way.
 */
export function exitOnStartFailure(err: unknown): never {
  console.error(err instanceof SchemaVersionError ? err.message : err);
  process.exit(1);
}

/** Seeds the development realm on a development server's first start; never in production. */
export async function seedIfDevelopment(db: Database, config: Config, logger: Logger): Promise<void> {
  if (config.env !== 'development') return;
  if (await seedDevRealm(db.knex, cipherFor(config))) logger.info('seeded the development realm');
}

export function cipherFor(config: Config): ApiKeyCipher {
  return createApiKeyCipher(config.apiKeySecret);
}

/** The distributed topology's bus: the JetStream stream of the config's namespace. */
export async function openBus(config: Config, logger: Logger): Promise<Bus> {
  return NatsBus.connect({
    servers: config.natsUrl,
    stream: `${config.namespace}_events`,
    partitions: config.busPartitions,
    ackWaitMs: config.busAckWaitSecs * 1000,
    replicas: config.busStreamReplicas,
    // Only the outbox relay publishes: lets the bus notice a broker that lost records (nats-bus.ts).
    exclusivePublisher: true,
    logger,
  });
}
