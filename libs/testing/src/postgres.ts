/**
 * Real PostgreSQL for the distributed suites: global setup migrates a template database once per
 * run; each test file clones it (CREATE DATABASE ... TEMPLATE, a file copy, ~100 ms) so files
 * never share rows.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDatabase, migrate, MIGRATION_NAMES } from '@chat/db';
import { templateGoes, testRunId } from './run-id';

export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TEMPLATE_PREFIX = 'chat_template_';
const templateName = () => `${TEMPLATE_PREFIX}${testRunId()}`;

function urlFor(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function prepareTemplateDatabase(): Promise<void> {
  const template = templateName();
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${template}`);
  });
  const db = await createDatabase({ url: urlFor(template), poolMax: 2 });
  try {
    await migrate(db.knex);
  } finally {
    await db.close();
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Whether the template holds every migration. Outside jest (npm run record, benches) nothing
 * remakes it per run, so one left by an older checkout would otherwise lack the newer tables.
 */
async function templateIsCurrent(): Promise<boolean> {
  const exists = await admin(async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [templateName()]);
    return (rowCount ?? 0) > 0;
  });
  if (!exists) return false;
  const template = new Client({ connectionString: urlFor(templateName()) });
  await template.connect();
  try {
    const { rows } = await template.query<{ name: string }>('SELECT name FROM knex_migrations');
    const ran = new Set(rows.map((row) => row.name));
    return MIGRATION_NAMES.every((name) => ran.has(name));
  } catch {
    return false;
  } finally {
    await template.end();
  }
}

/** A new database named `name`, from `template` (PostgreSQL's template1, empty, when none). */
async function newDatabase(name: string, template?: string): Promise<TestDatabase> {
  await admin((client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return {
    url: urlFor(name),
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** A fresh, migrated, empty database of its own (the template is remade first if it is missing or behind). */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!(await templateIsCurrent())) await prepareTemplateDatabase();
  return newDatabase(`chat_test_${randomBytes(6).toString('hex')}`, templateName());
}

/** A fresh database without even the schema: what a restore (pg_restore) starts from. */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  return newDatabase(`chat_test_${randomBytes(6).toString('hex')}`);
}

/**
 * The path of a PostgreSQL client program (pg_dump, pg_restore): on PATH, else the newest under
 * /usr/lib/postgresql/<major>/bin, where Debian installs them.
 */
export function postgresProgram(name: string): string {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
  } catch {
    const root = '/usr/lib/postgresql';
    const majors = existsSync(root) ? readdirSync(root).filter((d) => /^\d+$/.test(d)) : [];
    const found = majors
      .sort((a, b) => Number(b) - Number(a))
      .map((major) => join(root, major, 'bin', name))
      .find((path) => existsSync(path));
    if (!found) throw new Error(`${name} is neither on PATH nor under ${root}/*/bin: install postgresql-client`);
    return found;
  }
}

/**
 * Global teardown, and global setup for runs that ended without one (killed): drops this run's
 * template, and any other run's whose process is gone.
 */
export async function dropTemplateDatabases(options: { thisRun: boolean }): Promise<void> {
  await admin(async (client) => {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${TEMPLATE_PREFIX}%`,
    ]);
    for (const { datname } of rows) {
      if (templateGoes(datname.slice(TEMPLATE_PREFIX.length), options))
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  });
}
