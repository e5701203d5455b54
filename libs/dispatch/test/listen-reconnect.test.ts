import { MemoryBus, type BusRecord } from '@chat/bus';
import { NOTICE_VERSION, type Notice } from '@chat/events';
import { createTestDatabase, recordingLogger, waitFor, type TestDatabase } from '@chat/testing';
import { Client } from 'pg';
import { createDatabase, OUTBOX_CHANNEL, writeNotices, type Database } from '@chat/db';
import { OutboxRelay } from '../src';

/** Ends the server side of this database's LISTEN connections, as a restart or a network cut would. */
async function dropListeners(url: string): Promise<number> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'`,
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe('the outbox relay after its LISTEN connection drops', () => {
  let testDb: TestDatabase;
  let db: Database;
  let relay: OutboxRelay | undefined;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await createDatabase({ url: testDb.url, poolMax: 4 });
  });
  afterAll(async () => {
    await relay?.stop();
    await db.close();
    await testDb.drop();
  });

  it('reconnects, says so in the log, and is woken by NOTIFY again (not by its minute-long poll)', async () => {
    const { logger, lines } = recordingLogger();
    const bus = new MemoryBus({ partitions: 2 });
    const records: BusRecord[] = [];
    await bus.consume('test', async (record) => void records.push(record));
    relay = new OutboxRelay({ db, bus, logger, pollMs: 60_000 });
    await relay.start();
    await waitFor(() => lines.some((line) => line.msg === 'outbox relay: this process is the active relay'));

    expect(await dropListeners(testDb.url)).toBe(1);
    await waitFor(() => lines.some((line) => line.msg === 'database LISTEN connection re-established'), 5000);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'database LISTEN connection lost; reconnecting', channel: OUTBOX_CHANNEL }),
    );

    const notice: Notice = { v: NOTICE_VERSION, kind: 'event', realmId: 1, event: { type: 'pointer', pointer: 7 }, userIds: [1] };
    await db.knex.transaction((trx) => writeNotices(trx, [notice]));
    await waitFor(() => records.length === 1, 2000);
  });
});
