/**
 * Migrates the PostgreSQL database of the distributed topology (and seeds the development realm on
 * a development server). Run once per release before the services start: by deploy/local/run.ts
 * here, by the migration Job in Kubernetes.
 *
 *   node dist/migrate.js                    migrate (a schema newer than this release is left as it is)
 *   node dist/migrate.js --wait [seconds]   migrate nothing: wait until this release's servers may
 *                                           serve the schema (the Deployments' init container), at
 *                                           most `seconds` (default 900, the Job's deadline)
 */
import { loadConfig, type Config } from '@chat/config';
import { assertSchemaServes, createDatabase, SchemaVersionError } from '@chat/db';
import { createLogger, type Logger } from '@chat/log';
import { openDatabase, seedIfDevelopment, withDevelopmentSecrets } from '@chat/runtime';

const POLL_MS = 2000;
const DEFAULT_WAIT_SECS = 900;

export async function migrateAndSeed(): Promise<void> {
  const config = withDevelopmentSecrets(loadConfig());
  if (!config.databaseUrl) throw new Error('DATABASE_URL must name the PostgreSQL database to migrate');
  const logger = createLogger(config.logLevel, 'migrate');
  const db = await openDatabase(config, { migrate: true, logger });
  try {
    await seedIfDevelopment(db, config, logger);
    logger.info('database is up to date');
  } finally {
    await db.close();
  }
}

/** Why the servers may not serve the database yet (unreachable included), or null once they may. */
async function schemaRefusal(config: Config): Promise<string | null> {
  let db;
  try {
    db = await createDatabase({ url: config.databaseUrl, poolMax: 1 });
    await assertSchemaServes(db.knex);
    return null;
  } catch (err) {
    if (err instanceof SchemaVersionError) return err.message;
    return `the database is not reachable: ${err instanceof Error ? err.message : String(err)}`;
  } finally {
    await db?.close();
  }
}

/** Polls until the schema serves this release (the migrate job ran); throws the last reason at the deadline. */
export async function waitForSchema(config: Config, waitSecs: number, logger: Logger): Promise<void> {
  if (!config.databaseUrl) throw new Error('DATABASE_URL must name the PostgreSQL database to wait for');
  const deadline = Date.now() + waitSecs * 1000;
  let last: string | null = null;
  for (;;) {
    const reason = await schemaRefusal(config);
    if (reason === null) return;
    if (reason !== last) logger.info(`waiting for the migrate job: ${reason}`);
    last = reason;
    if (Date.now() >= deadline) throw new SchemaVersionError(`gave up after ${waitSecs} s: ${reason}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function waitSeconds(args: string[]): number | null {
  if (args[0] !== '--wait') {
    if (args.length > 0) throw new Error(`unknown arguments ${args.join(' ')}: give none, or --wait [seconds]`);
    return null;
  }
  const secs = args[1] === undefined ? DEFAULT_WAIT_SECS : Number(args[1]);
  if (!Number.isInteger(secs) || secs <= 0 || args.length > 2) throw new Error('--wait takes a whole number of seconds');
  return secs;
}

if (require.main === module) {
  const run = async () => {
    const wait = waitSeconds(process.argv.slice(2));
    if (wait === null) return migrateAndSeed();
    const config = loadConfig();
    return waitForSchema(config, wait, createLogger(config.logLevel, 'migrate'));
  };
  run().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
