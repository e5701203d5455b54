/**
 * How the database's schema compares with this code's migrations (MIGRATION_NAMES), from the
 * names knex recorded in knex_migrations. A server that did not migrate the database itself (the
 * distributed topology: the release's migrate job does) checks it before it serves:
 *
 * - pending migrations (the schema is older than the code): refused, because the code would query
 *   tables and columns that are not there yet;
 * - unknown migrations only (the schema is newer: the code was rolled back without the schema):
 *   served, with a warning, because a release's migrations must leave the schema usable by the
 *   release before it (docs/operations.md, "Upgrades"); that is what lets old pods keep serving
 *   while the new ones roll out, and a rollback run without restoring the database;
 * - both (the database went down another line of releases): refused.
 */
import type { Knex } from 'knex';

export interface SchemaStatus {
  /** How many migrations the database has run (0: never migrated). */
  ran: number;
  /** This code's migrations the database has not run, in order. */
  pending: string[];
  /** Migrations the database ran that this code does not know (a newer release's). */
  unknown: string[];
}

/** Raised when the schema cannot serve this code; its message is the one line an operator reads. */
export class SchemaVersionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaVersionError';
  }
}

/** The database's schema against `migrations`, this code's migration names in order. */
export async function schemaStatus(knex: Knex, migrations: readonly string[]): Promise<SchemaStatus> {
  const ran = (await knex.schema.hasTable('knex_migrations'))
    ? new Set((await knex('knex_migrations').select<{ name: string }[]>('name')).map((row) => row.name))
    : new Set<string>();
  const known = new Set(migrations);
  return {
    ran: ran.size,
    pending: migrations.filter((name) => !ran.has(name)),
    unknown: [...ran].filter((name) => !known.has(name)).sort(),
  };
}

/** A list for one line: the first few names, then how many more. */
function names(list: string[]): string {
  const shown = list.slice(0, 3).join(', ');
  return list.length > 3 ? `${shown} and ${list.length - 3} more` : shown;
}

/** Why this code must not serve the schema, or null when it may. */
export function schemaRefusal(status: SchemaStatus): string | null {
  if (status.pending.length > 0 && status.unknown.length > 0) {
    return (
      `the database schema does not match this release: it lacks ${names(status.pending)} and has ${names(status.unknown)}, ` +
      'which this release does not know; deploy the release that migrated it, or restore a backup taken before it'
    );
  }
  if (status.ran === 0) {
    return "the database has not been migrated: run this release's migrate job (node dist/migrate.js) first";
  }
  if (status.pending.length > 0) {
    return (
      `the database schema is older than this release (${status.pending.length} pending migration` +
      `${status.pending.length === 1 ? '' : 's'}: ${names(status.pending)}): run this release's migrate job (node dist/migrate.js) first`
    );
  }
  return null;
}

/** The warning for a schema newer than the code (a rollback), or null. */
export function schemaNewerWarning(status: SchemaStatus): string | null {
  if (status.unknown.length === 0) return null;
  return (
    `the database schema is newer than this release (unknown migration${status.unknown.length === 1 ? '' : 's'}: ` +
    `${names(status.unknown)}): serving as a rollback; this is safe only back to the release before the one that migrated`
  );
}
