/**
 * Large message loads kept between runs: bench:scaling's 10 million take the generator many
 * minutes to write, so they are written once and each run starts on a copy. The distributed
 * topology keeps a PostgreSQL database, chat_bench_tpl_<count>_<key>, cloned for each run
 * (CREATE DATABASE ... TEMPLATE); the embedded one a PGlite data directory,
 * bench/.cache/pglite-<count>-<key>, copied for each run. Each is built under another name and
 * renamed once complete, so an interrupted build is never taken for a cache.
 *
 * The key is a hash of the migrations and the generator's source: after a change to either the
 * next run builds a new cache and removes the old one of that size, rather than measuring a stale
 * schema or data set. Nothing else removes them: `DROP DATABASE chat_bench_tpl_...` and
 * `rm -r bench/.cache` give the space back.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MIGRATION_NAMES } from '@chat/db';
import { freshDatabase } from '@chat/testing';
import { adminQuery, dropDatabase } from './cleanup';
import { loadMessages } from './generator';
import { preparePglite, preparePostgres, type StartFrom, type TopologyName } from './topology';

export const CACHE_DIR = resolve(__dirname, '../.cache');

const KEY = createHash('sha256')
  .update(MIGRATION_NAMES.join(','))
  .update(readFileSync(join(__dirname, 'generator.ts')))
  .digest('hex')
  .slice(0, 8);

export interface CachedMessages {
  from: StartFrom;
  /** How long the load took when this run built the cache (s); null when it was there already. */
  builtSeconds: number | null;
}

/** A kept database with `count` generated messages for `topology`, built first if there is none. */
export async function cachedMessages(topology: TopologyName, count: number): Promise<CachedMessages> {
  return topology === 'embedded' ? cachedPglite(count) : cachedTemplate(count);
}

async function cachedTemplate(count: number): Promise<CachedMessages> {
  const name = `chat_bench_tpl_${count}_${KEY}`;
  const rows = await adminQuery('SELECT datname FROM pg_database WHERE datname ~ $1', [
    `^chat_bench_tpl_${count}_[0-9a-f]{8}(_building)?$`,
  ]);
  const kept = rows.map((r) => String(r.datname));
  if (kept.includes(name)) return { from: { templateDatabase: name }, builtSeconds: null };
  // Another schema's or generator's, or a build that was interrupted.
  for (const stale of kept) await dropDatabase(stale);
  console.log(`building the kept database ${name} (${count} messages)`);
  const building = `${name}_building`;
  let seconds = 0;
  await preparePostgres(await freshDatabase(building), async (db) => {
    seconds = (await loadMessages(db, count)).seconds;
  });
  await adminQuery(`ALTER DATABASE ${building} RENAME TO ${name}`);
  return { from: { templateDatabase: name }, builtSeconds: seconds };
}

async function cachedPglite(count: number): Promise<CachedMessages> {
  const prefix = `pglite-${count}-`;
  const directory = join(CACHE_DIR, `${prefix}${KEY}`);
  if (existsSync(directory)) return { from: { pgliteDirectory: directory }, builtSeconds: null };
  mkdirSync(CACHE_DIR, { recursive: true });
  // Another schema's or generator's, or a build that was interrupted.
  for (const stale of readdirSync(CACHE_DIR).filter((entry) => entry.startsWith(prefix)))
    rmSync(join(CACHE_DIR, stale), { recursive: true, force: true });
  console.log(`building the kept data directory ${directory} (${count} messages)`);
  const building = `${directory}.building`;
  let seconds = 0;
  await preparePglite(building, async (db) => {
    seconds = (await loadMessages(db, count)).seconds;
  });
  renameSync(building, directory);
  return { from: { pgliteDirectory: directory }, builtSeconds: seconds };
}
