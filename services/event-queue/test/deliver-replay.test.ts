/**
 * Dedup across a lost stream: a broker that lost its stream starts its sequence at 1 again and
 * the relay replays the outbox window into it. Queues skip by the outbox's bus position, so the
 * replayed records they already had are skipped and the new ones (low stream sequence, higher
 * position) are applied, each once. Run on both stores, whose append scripts differ.
 */
import type { BusRecord } from '@chat/bus';
import { NOTICE_VERSION, type Notice } from '@chat/events';
import { MemoryQueueStore, RedisQueueStore, type QueueStore } from '@chat/queue-store';
import { queueDescriptor } from '@chat/testing';
import { randomUUID } from 'node:crypto';
import { deliverRecord } from '../src/consumers/deliver';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
jest.setTimeout(20_000);

const notice = (n: number): Notice => ({
  v: NOTICE_VERSION,
  kind: 'event',
  realmId: 1,
  event: { type: 'pointer', pointer: n },
  userIds: [7],
});
/** A record as a stream delivers it: its own sequence, and the relay's position. */
const record = (seq: number, position: number): BusRecord => ({
  id: String(position),
  partition: 0,
  seq,
  position,
  redeliveries: 0,
  payload: { outboxId: String(position), txId: 1, notice: notice(position) },
});

describe.each([
  ['memory', () => new MemoryQueueStore()],
  ['redis', () => new RedisQueueStore({ url: REDIS_URL, prefix: `deliver-replay:${randomUUID()}:` })],
] as const)('replay into a new stream (%s store)', (_name, open) => {
  let store: QueueStore;
  beforeEach(() => {
    store = open();
  });
  afterEach(() => store.close());

  it('applies each position once, whatever the stream sequence', async () => {
    const id = await store.newQueueId();
    await store.create(queueDescriptor({ id, userId: 7, realmId: 1, lastActivity: Date.now() }));
    // The old stream: positions 101..103 at sequences 501..503, and a redelivery of 503.
    for (const [seq, position] of [
      [501, 101],
      [502, 102],
      [503, 103],
      [503, 103],
    ] as const)
      await deliverRecord(store, record(seq, position));
    // The new stream: the replayed window (101..103) from sequence 1, then a new record 104.
    for (const [seq, position] of [
      [1, 101],
      [2, 102],
      [3, 103],
      [4, 104],
    ] as const)
      await deliverRecord(store, record(seq, position));
    const result = await store.fetch(id, -1);
    expect(result.kind === 'ok' ? result.events.map((e) => e.pointer) : result).toEqual([101, 102, 103, 104]);
  });
});
