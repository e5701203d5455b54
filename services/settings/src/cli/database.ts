/**
 * The database `manage` works on, named on stderr so an operator sees which one a command changed,
 * and refused when it holds no server's data: a mistyped or unset DATA_DIR must not quietly create
 * an empty database (./data) and a user nobody's server will see.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '@chat/config';
import { SchemaVersionError, type Database } from '@chat/db';
import type { Logger } from '@chat/log';
import { openDatabase } from '@chat/runtime';
import { fail } from './command';

const pgliteDir = (config: Config) => resolve(join(config.dataDir, 'pglite'));

/** DATABASE_URL without its password, or the PGlite folder. */
export function databaseName(config: Config): string {
  if (config.databaseUrl === '') return `PGlite ${pgliteDir(config)}`;
  const url = new URL(config.databaseUrl);
  if (url.password) url.password = '***';
  return `PostgreSQL ${url.toString()}`;
}

/** Before anything under DATA_DIR is created (its lock, its secrets): is a server's database there? */
export function assertEmbeddedDatabaseExists(config: Config): void {
  if (config.databaseUrl !== '' || existsSync(join(pgliteDir(config), 'PG_VERSION'))) return;
  fail(
    `no database in ${pgliteDir(config)} (DATA_DIR, default ./data): start the server once with the same DATA_DIR (npm start creates it), or set DATABASE_URL.`,
  );
}

/**
 * Opens it, migrating an embedded one as `npm start` would (it exists: checked above); PostgreSQL
 * is migrated by the release's migrate job, so one with pending migrations is refused as the
 * servers refuse it (openDatabase).
 */
export async function openManagedDatabase(config: Config, logger: Logger): Promise<Database> {
  const embedded = config.databaseUrl === '';
  try {
    return await openDatabase(config, { migrate: embedded, logger });
  } catch (err) {
    if (err instanceof SchemaVersionError) fail(`${databaseName(config)}: ${err.message}; npm run start:distributed migrates too.`);
    throw err;
  }
}
