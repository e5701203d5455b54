/**
 * Migrates the PostgreSQL database of the distributed topology (and seeds the development realm on
 * a development server). Run once per release before the services start: by deploy/local/run.ts
 * here, by the migration Job in Kubernetes.
 */
import { loadConfig } from '@chat/config';
import { createLogger } from '@chat/log';
import { openDatabase, seedIfDevelopment, withDevelopmentSecrets } from '@chat/runtime';

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

if (require.main === module) {
  migrateAndSeed().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
