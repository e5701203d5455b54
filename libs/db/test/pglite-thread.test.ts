import { PGlite, protocol } from '@electric-sql/pglite';
import { testLogger, waitFor } from '@chat/testing';
import { pgliteDatabase, type Database } from '../src';
import { PgliteThread } from '../src/pglite-thread';

const ITEMS = `CREATE TABLE items (
  id bigserial PRIMARY KEY, n int NOT NULL, big int8, at timestamptz, data bytea, doc jsonb, name text UNIQUE
)`;
const ROW = {
  n: 7,
  big: 2 ** 40,
  at: new Date('2024-05-06T07:08:09.123Z'),
  data: Buffer.from([1, 2, 255]),
  doc: { a: [1, 'b'] },
  name: 'first',
};

/** What a caller can see of an error: its message, class and own properties (not where it was thrown). */
function visible(err: unknown) {
  const { stack: _stack, ...fields } = err as Error;
  return { message: (err as Error).message, isDatabaseError: err instanceof protocol.messages.DatabaseError, fields };
}

/** A database with the items table, dumped: each test's PGlite starts from it instead of initdb. */
let image: Blob;
beforeAll(async () => {
  const thread = await PgliteThread.start();
  await thread.query(ITEMS);
  image = await thread.dumpDataDir();
  await thread.close();
});

describe('PgliteThread: PGlite on a worker thread', () => {
  let thread: PgliteThread;
  /** The same database on this thread, as PGlite ran before: what the thread must answer alike. */
  let direct: PGlite;
  let db: Database;
  let directDb: Database;

  beforeAll(async () => {
    [thread, direct] = await Promise.all([PgliteThread.start({ loadDataDir: image }), PGlite.create({ loadDataDir: image })]);
    db = pgliteDatabase(thread);
    directDb = pgliteDatabase(direct);
  });
  afterAll(async () => {
    await Promise.all([db.close(), directDb.close()]);
  });

  it('answers a query with parameters exactly as PGlite on the main thread does', async () => {
    const sql =
      'SELECT $1::int AS n, $2::int8 AS big, count(*) AS count, $3::timestamptz AS at, $4::bytea AS data, $5::jsonb AS doc, 1.5::numeric AS ratio';
    const params = [ROW.n, ROW.big, ROW.at, ROW.data, ROW.doc];
    const answer = await thread.query(sql, params);
    expect(answer).toEqual(await direct.query(sql, params));
    expect(answer.rows).toEqual([
      { n: 7, big: 2 ** 40, count: 1, at: ROW.at, data: new Uint8Array([1, 2, 255]), doc: ROW.doc, ratio: '1.5' },
    ]);
  });

  it('gives knex the same rows: bigint ids and counts as numbers', async () => {
    const read = async (on: Database) => {
      const inserted = await on.knex('items').insert(ROW).returning('*');
      const counted = await on.knex('items').count({ count: '*' }).first();
      await on.knex('items').del();
      return { inserted, counted };
    };
    const viaThread = await read(db);
    expect(viaThread).toEqual(await read(directDb));
    expect(viaThread.inserted[0]).toMatchObject({ id: expect.any(Number), big: 2 ** 40, name: 'first' });
    expect(viaThread.counted).toEqual({ count: 1 });
  });

  it("rethrows PostgreSQL's error with its code, constraint and every other field", async () => {
    const insert = 'INSERT INTO items (n, name) VALUES ($1, $2)';
    const failure = async (on: PgliteThread | PGlite) => {
      await on.query(insert, [1, 'taken']);
      const err = await on.query(insert, [2, 'taken']).catch((e: unknown) => e);
      await on.query('DELETE FROM items');
      return err;
    };
    const err = await failure(thread);
    expect(err).toMatchObject({ code: '23505', constraint: 'items_name_key', table: 'items', severity: 'ERROR' });
    expect(visible(err)).toEqual(visible(await failure(direct)));
  });

  it('keeps a knex transaction one transaction: it commits, or rolls back whole', async () => {
    await db.knex.transaction((trx) => trx('items').insert({ n: 1, name: 'kept' }));
    const undone = db.knex.transaction(async (trx) => {
      await trx('items').insert({ n: 2, name: 'undone' });
      throw new Error('roll it back');
    });
    await expect(undone).rejects.toThrow('roll it back');
    expect(await db.knex('items').pluck('name')).toEqual(['kept']);
    await db.knex('items').del();
  });

  it("delivers a committed transaction's NOTIFY to the listener, and none before the commit", async () => {
    const payloads: string[] = [];
    const unsubscribe = await db.listen('items_changed', (payload) => payloads.push(payload), { logger: testLogger() });
    await db.knex.transaction(async (trx) => {
      await trx.raw("SELECT pg_notify('items_changed', 'one')");
      // A round trip after the NOTIFY: anything it had sent would have arrived before this answer.
      await trx.raw('SELECT 1');
      expect(payloads).toEqual([]);
    });
    await waitFor(() => payloads.length === 1);
    expect(payloads).toEqual(['one']);
    await unsubscribe();
  });
});

describe('PgliteThread ending', () => {
  it('closes PGlite after the queries already sent, ends the thread, and refuses later queries', async () => {
    const thread = await PgliteThread.start({ loadDataDir: image });
    const sent = thread.query<{ one: number }>('SELECT 1 AS one');
    await thread.close();
    expect((await sent).rows).toEqual([{ one: 1 }]);
    expect(thread.closed).toBe(true);
    await expect(thread.query('SELECT 1')).rejects.toThrow('PGlite is closed');
  });

  it('fails the queries in flight when the thread dies, and every later one at once', async () => {
    // A stand-in worker that is ready at once and dies on the first request it gets.
    const dying = `import { parentPort } from 'node:worker_threads';
      parentPort.postMessage({ kind: 'ready' });
      parentPort.on('message', () => { throw new Error('worker crashed'); });`;
    const thread = await PgliteThread.start({ workerFile: new URL(`data:text/javascript,${encodeURIComponent(dying)}`) });
    await expect(thread.query('SELECT 1')).rejects.toThrow("PGlite's worker thread failed: worker crashed");
    await expect(thread.query('SELECT 2')).rejects.toThrow("PGlite's worker thread failed: worker crashed");
    await waitFor(() => thread.closed);
    await thread.close();
  });
});
