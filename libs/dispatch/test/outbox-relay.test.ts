import { MemoryBus, type BusRecord } from '@chat/bus';
import { NOTICE_VERSION, type Notice } from '@chat/events';
import { createTestDatabase, provesNothingHappensFor, testLogger, waitFor, type TestDatabase } from '@chat/testing';
import { createDatabase, migrate, writeNotices, type Database } from '@chat/db';
import { OutboxRelay } from '../src';

function notice(realmId: number, n: number): Notice {
  return { v: NOTICE_VERSION, kind: 'event', realmId, event: { type: 'pointer', pointer: n }, userIds: [1] };
}

/** The test number a notice carries (as a pointer event's pointer). */
function numberOf(record: BusRecord): unknown {
  const { notice } = record.payload;
  return notice.kind === 'event' && notice.event.type === 'pointer' ? notice.event.pointer : undefined;
}

function collect(bus: MemoryBus): Promise<BusRecord[]> {
  const records: BusRecord[] = [];
  return bus.consume('test', async (record) => void records.push(record)).then(() => records);
}

const relays: OutboxRelay[] = [];
async function startRelay(db: Database, bus: MemoryBus): Promise<OutboxRelay> {
  const relay = new OutboxRelay({ db, bus, logger: testLogger(), pollMs: 5000 });
  await relay.start();
  relays.push(relay);
  return relay;
}
afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.stop()));
});

describe.each(['pglite', 'postgres'] as const)('outbox relay on %s', (kind) => {
  let testDb: TestDatabase | undefined;
  let db: Database;

  beforeEach(async () => {
    if (kind === 'postgres') {
      testDb = await createTestDatabase();
      db = await createDatabase({ url: testDb.url, poolMax: 4 });
    } else {
      db = await createDatabase({ url: '' });
      await migrate(db.knex);
    }
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await db.close();
    await testDb?.drop();
  });

  it('publishes committed notices promptly (woken by NOTIFY, not the 5 s poll) and marks them', async () => {
    const bus = new MemoryBus({ partitions: 4 });
    const records = await collect(bus);
    await startRelay(db, bus);
    await db.knex.transaction((trx) => writeNotices(trx, [notice(1, 1), notice(2, 2)]));
    await waitFor(() => records.length === 2, 2000);
    expect(records.map(numberOf).sort()).toEqual([1, 2]);
    expect(records.map((r) => r.partition).sort()).toEqual([1, 2]);
    await waitFor(async () => (await db.knex('outbox').whereNull('published_at').count({ n: '*' }).first())?.n === 0);
  });

  it('claims and marks in one statement per batch, giving new rows positions in id order', async () => {
    const bus = new MemoryBus({ partitions: 1 });
    const records = await collect(bus);
    for (let n = 1; n <= 3; n++) await db.knex.transaction((trx) => writeNotices(trx, [notice(1, n)]));
    const relay = new OutboxRelay({ db, bus, logger: testLogger() });
    const statements: string[] = [];
    const count = (query: { sql: string }) => void statements.push(query.sql);
    db.knex.on('query', count);
    try {
      expect(await relay.publishBatch()).toBe(3);
      await db.knex.transaction((trx) => writeNotices(trx, [notice(1, 4)]));
      statements.length = 0;
      expect(await relay.publishBatch()).toBe(1);
      expect(statements).toHaveLength(1);
    } finally {
      db.knex.off('query', count);
    }
    await waitFor(() => records.length === 4);
    expect(records.map(numberOf)).toEqual([1, 2, 3, 4]);
    const rows = await db.knex('outbox').orderBy('id').select('bus_pos', 'published_at');
    const positions = rows.map((r: { bus_pos: string | number }) => Number(r.bus_pos));
    expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
    // The second batch marked the first; the fourth row's mark waits for the next batch.
    expect(rows.map((r: { published_at: Date | null }) => r.published_at !== null)).toEqual([true, true, true, false]);
  });

  it('publishes nothing from a rolled-back transaction', async () => {
    const bus = new MemoryBus({ partitions: 4 });
    const records = await collect(bus);
    const relay = await startRelay(db, bus);
    await expect(
      db.knex.transaction(async (trx) => {
        await writeNotices(trx, [notice(1, 1)]);
        throw new Error('domain check failed');
      }),
    ).rejects.toThrow('domain check failed');
    await db.knex.transaction((trx) => writeNotices(trx, [notice(1, 2)]));
    await waitFor(() => records.length === 1, 2000);
    await relay.publishBatch();
    expect(records).toHaveLength(1);
    expect(numberOf(records[0]!)).toBe(2);
  });

  it('republishing after a crash before marking is dropped by the bus (outbox id is the dedup id)', async () => {
    const bus = new MemoryBus({ partitions: 4 });
    const records = await collect(bus);
    await db.knex.transaction((trx) => writeNotices(trx, [notice(1, 1)]));
    // The first relay dies after its publish, before the next batch would have marked the row.
    await new OutboxRelay({ db, bus, logger: testLogger() }).publishBatch();
    expect(await db.knex('outbox').whereNull('published_at').count({ n: '*' }).first()).toEqual({ n: 1 });
    await new OutboxRelay({ db, bus, logger: testLogger() }).publishBatch();
    await waitFor(() => records.length >= 1);
    await provesNothingHappensFor(50, () => records.length > 1, 'the republished notice delivered again');
    expect(records).toHaveLength(1);
  });
});

/** Whether a relay leads: holds an advisory lock in the test's own database (only the relay takes one). */
async function relayLockHeld(db: Database): Promise<boolean> {
  const { rows } = await db.knex.raw(
    `SELECT count(*)::int AS n FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return (rows as { n: number }[])[0]!.n > 0;
}

describe('outbox relay leadership on postgres', () => {
  it('lets exactly one of several relays publish, and another takes over when it stops', async () => {
    const testDb = await createTestDatabase();
    const dbs = await Promise.all([0, 1].map(() => createDatabase({ url: testDb.url, poolMax: 2 })));
    const bus = new MemoryBus({ partitions: 1 });
    const records = await collect(bus);
    try {
      const [first, second] = [
        new OutboxRelay({ db: dbs[0]!, bus, logger: testLogger(), pollMs: 20 }),
        new OutboxRelay({ db: dbs[1]!, bus, logger: testLogger(), pollMs: 20 }),
      ];
      await first.start();
      await waitFor(() => relayLockHeld(dbs[1]!), 5000, { what: 'the first relay leading' });
      await second.start();
      for (let i = 0; i < 20; i++) await dbs[0]!.knex.transaction((trx) => writeNotices(trx, [notice(1, i)]));
      await waitFor(() => records.length === 20, 3000);
      expect(first.published).toBe(20);
      expect(second.published).toBe(0);

      await first.stop();
      await dbs[0]!.knex.transaction((trx) => writeNotices(trx, [notice(1, 99)]));
      // The second relay retries the lock every 2 s.
      await waitFor(() => records.length === 21, 5000);
      expect(second.published).toBe(1);
      await second.stop();
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      await testDb.drop();
    }
  });
});
