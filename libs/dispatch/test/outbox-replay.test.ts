/**
 * Bus positions and replay (docs/architecture.md, "Replay"): every row gets a position in publish
 * order that it keeps for good; a replay sends the window's rows again, first and in that order;
 * a bus reporting lost records (BusLossError) makes the relay replay before anything newer.
 */
import { BusLossError, type Bus, type ConsumerHandle, type PublishItem } from '@chat/bus';
import { NOTICE_VERSION, type Notice } from '@chat/events';
import { testLogger, waitFor } from '@chat/testing';
import { createDatabase, migrate, writeNotices, type Database } from '@chat/db';
import { OutboxRelay, replayOutbox } from '../src';

jest.setTimeout(30_000);

function notice(n: number): Notice {
  return { v: NOTICE_VERSION, kind: 'event', realmId: 1, event: { type: 'pointer', pointer: n }, userIds: [1] };
}

/** Records every publish; `loseNext` makes the next one report lost records, as NatsBus does. */
class RecordingBus implements Bus {
  readonly partitions = 1;
  readonly published: PublishItem[] = [];
  loseNext = false;
  async publish(items: PublishItem[]): Promise<void> {
    if (this.loseNext) {
      this.loseNext = false;
      throw new BusLossError('test');
    }
    this.published.push(...items);
  }
  async consume(): Promise<ConsumerHandle> {
    return { stop: async () => undefined };
  }
  async close(): Promise<void> {}
}

const numbers = (items: PublishItem[]) =>
  items.map((i) =>
    i.payload.notice.kind === 'event' && i.payload.notice.event.type === 'pointer' ? i.payload.notice.event.pointer : null,
  );

describe('outbox positions and replay', () => {
  let db: Database;
  let relay: OutboxRelay;
  let bus: RecordingBus;

  beforeEach(async () => {
    db = await createDatabase({ url: '' });
    await migrate(db.knex);
    bus = new RecordingBus();
    relay = new OutboxRelay({ db, bus, logger: testLogger(), pollMs: 20 });
    await relay.start();
  });
  afterEach(async () => {
    await relay.stop();
    await db.close();
  });

  const send = (n: number) => db.knex.transaction((trx) => writeNotices(trx, [notice(n)]));

  it('gives rows increasing positions in publish order, and a replay resends them first, in that order, with the same positions', async () => {
    for (let n = 1; n <= 5; n++) await send(n);
    await waitFor(() => bus.published.length === 5);
    const first = bus.published.map((i) => i.position!);
    expect(first.every((p, i) => i === 0 || p > first[i - 1]!)).toBe(true);

    const marked = await replayOutbox(db.knex, new Date(Date.now() - 60_000));
    expect(marked).toBe(5);
    await send(6);
    await waitFor(() => bus.published.length === 11);
    const again = bus.published.slice(5);
    expect(numbers(again)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(again.slice(0, 5).map((i) => i.position)).toEqual(first);
    expect(again[5]!.position).toBeGreaterThan(first[4]!);
  });

  it('replays the window when the bus reports lost records, before the rows that follow', async () => {
    for (let n = 1; n <= 3; n++) await send(n);
    await waitFor(() => bus.published.length === 3);
    bus.loseNext = true;
    await send(4);
    await waitFor(() => bus.published.length === 7);
    expect(numbers(bus.published.slice(3))).toEqual([1, 2, 3, 4]);
    expect(relay.replayed).toBe(3);
    const positions = bus.published.slice(3).map((i) => i.position!);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('leaves rows older than the replay point alone', async () => {
    for (let n = 1; n <= 2; n++) await send(n);
    await waitFor(() => bus.published.length === 2);
    expect(await replayOutbox(db.knex, new Date(Date.now() + 60_000))).toBe(0);
  });
});
