/**
 * The database handle: knex over PostgreSQL (pg) in the distributed topology, over PGlite (real
 * PostgreSQL compiled to WASM, files under DATA_DIR) in the embedded one. The same migrations and
 * SQL run on both; only `listen` differs, because PGlite is one connection in this process. That
 * connection lives on a worker thread of its own (./pglite-thread.ts), so the WASM PostgreSQL
 * does not run on the event loop that serves requests.
 */
import { knex, type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { Client as PgClient, types as pgTypes } from 'pg';
import { listenWithReconnect, type ListenOptions } from './listener';
import { PgliteThread, type PgliteConnection } from './pglite-thread';

// COUNT(*) and bigint columns come back as strings by default; our ids fit in 2^53.
pgTypes.setTypeParser(20, (value: string) => Number(value));

export type Executor = Knex | Knex.Transaction;

export interface Database {
  knex: Knex;
  dialect: 'pg' | 'pglite';
  /**
   * Calls `onNotify` with the payload of each NOTIFY on `channel`; resolves to an unsubscribe
   * function. On PostgreSQL the connection reconnects after a drop (./listener.ts).
   */
  listen(channel: string, onNotify: (payload: string) => void, options: ListenOptions): Promise<() => Promise<void>>;
  /** A dedicated session for session-level advisory locks (pg); null where there is one process (PGlite). */
  dedicatedSession(): Promise<PgClient | null>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... ; empty for PGlite. */
  url: string;
  /** PGlite data directory; empty for an in-memory database (tests). */
  dataDir?: string;
  poolMax?: number;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? createPgDatabase(options.url, options.poolMax ?? 10) : createPgliteDatabase(options.dataDir);
}

async function createPgDatabase(url: string, poolMax: number): Promise<Database> {
  const instance = knex({ client: 'pg', connection: url, pool: { min: 0, max: poolMax } });
  const sessions: PgClient[] = [];
  return {
    knex: instance,
    dialect: 'pg',
    listen(channel, onNotify, options) {
      return listenWithReconnect(url, channel, onNotify, options);
    },
    async dedicatedSession() {
      const client = new PgClient({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      sessions.push(client);
      return client;
    },
    async close() {
      await Promise.all(sessions.map((s) => s.end().catch(() => undefined)));
      await instance.destroy();
    },
  };
}

/**
 * A dumped data directory (PGlite's dumpDataDir) that every later in-memory database starts from.
 * The tests set one, migrated once per run, so each test file skips initdb and the migrations
 * (seconds each) instead of repeating them; a database with a data directory never uses it.
 */
let inMemoryTemplate: Blob | undefined;

export function startInMemoryDatabasesFrom(template: Blob | undefined): void {
  inMemoryTemplate = template;
}

/**
 * Every PGlite database, in memory too, runs on its own worker thread: the tests of the embedded
 * server then exercise the path `npm start` takes, and the template image is a Blob, which a
 * worker is handed as it is.
 */
async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  return pgliteDatabase(await PgliteThread.start(dataDir ? { dataDir } : { loadDataDir: inMemoryTemplate }));
}

/** The Database over one PGlite instance (or its worker thread); closing it closes the instance. */
export function pgliteDatabase(pglite: PgliteConnection): Database {
  const instance = knex({
    client: ClientPgLite,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
  } as Knex.Config);
  return {
    knex: instance,
    dialect: 'pglite',
    async listen(channel, onNotify) {
      const unsubscribe = await pglite.listen(channel, onNotify);
      return async () => unsubscribe();
    },
    async dedicatedSession() {
      return null;
    },
    async close() {
      await instance.destroy();
      // knex-pglite may already have closed it while destroying its pool.
      if (!pglite.closed) await pglite.close();
    },
  };
}
