import { randomUUID } from 'node:crypto';
import { queueDescriptor, waitFor } from '@chat/testing';
import Redis from 'ioredis';
import { RedisQueueStore, type QueueDescriptor } from '../src';
import { CONTRACT_MAX_EVENTS, runQueueStoreContract, type StoreUnderTest } from './queue-store.contract';
import { runPollContract } from './queue-store.poll-contract';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Every key and channel of this file lives under it; each store gets its own sub-prefix. */
const FILE_PREFIX = `test:queue-store:${randomUUID()}:`;
let stores = 0;
const nextPrefix = (): string => `${FILE_PREFIX}${(stores += 1)}:`;

let admin: Redis;

beforeAll(() => {
  admin = new Redis(REDIS_URL);
});

afterAll(async () => {
  // SCAN, not KEYS: a shared Redis may hold many other keys, and KEYS blocks it while it looks.
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', `${FILE_PREFIX}*`, 'COUNT', 1000);
    if (keys.length > 0) await admin.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
  await admin.quit();
});

async function subscribers(channel: string): Promise<number> {
  const reply = (await admin.pubsub('NUMSUB', channel)) as [string, number];
  return Number(reply[1]);
}

/** The store's one wake-up channel. */
function channelOf(prefix: string): string {
  return `${prefix}wake`;
}

async function makeStore(): Promise<StoreUnderTest> {
  const prefix = nextPrefix();
  const store = new RedisQueueStore({ url: REDIS_URL, prefix, maxEvents: CONTRACT_MAX_EVENTS });
  // A second instance with its own connections: another event-queue replica.
  const peer = new RedisQueueStore({ url: REDIS_URL, prefix, maxEvents: CONTRACT_MAX_EVENTS });
  const parked = (queueId: string): Promise<void> =>
    waitFor(() => store.listensFor(queueId) || peer.listensFor(queueId), 2_000, { what: `${queueId} is listened for` });
  return { store, peer, parked };
}

runQueueStoreContract('RedisQueueStore', makeStore);
runPollContract('RedisQueueStore', makeStore);

describe('RedisQueueStore', () => {
  let prefix: string;
  let store: RedisQueueStore;

  beforeEach(() => {
    prefix = nextPrefix();
    store = new RedisQueueStore({ url: REDIS_URL, prefix });
  });

  afterEach(() => store.close());

  async function newQueue(overrides: Partial<QueueDescriptor> = {}): Promise<QueueDescriptor> {
    const queue = queueDescriptor({ id: await store.newQueueId(), userId: 5, realmId: 2, allPublicStreams: true, ...overrides });
    await store.create(queue);
    return queue;
  }

  async function keysOfPrefix(): Promise<string[]> {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    return found.sort();
  }

  it('keeps the documented key layout, and delete leaves only the id counter', async () => {
    const queue = await newQueue();
    await store.append([{ queueId: queue.id, event: { type: 'x' } }], 3);
    const q = `${prefix}q:{${queue.id}}`;
    expect(await keysOfPrefix()).toEqual(
      [
        q,
        `${q}:events`,
        `${prefix}expiry`,
        `${prefix}queue-counter`,
        `${prefix}queue-epoch`,
        `${prefix}realm:2:public`,
        `${prefix}user:5`,
      ].sort(),
    );
    expect(await admin.hmget(q, 'nextId', 'prunedId', 'busPos')).toEqual(['1', '-1', '3']);
    expect(await admin.lrange(`${q}:events`, 0, -1)).toEqual(['{"id":0,"type":"x"}']);
    expect(Number(await admin.zscore(`${prefix}expiry`, queue.id))).toBe(queue.lastActivity + 600_000);
    await store.delete(queue.id);
    expect(await keysOfPrefix()).toEqual([`${prefix}queue-counter`, `${prefix}queue-epoch`]);
  });

  it('stores a fanned-out message body once and deletes it when the last queue lets go', async () => {
    const queues = await Promise.all([1, 2, 3].map((userId) => newQueue({ userId })));
    const message = { id: 77, content: 'x'.repeat(2000) };
    const event = { type: 'message', message, flags: [] as string[] };
    await store.append(
      queues.map((q) => ({ queueId: q.id, event })),
      9,
    );
    const bodies = async () => (await admin.keys(`${prefix}body:*`)).length;
    expect(await bodies()).toBe(1);
    const listed = await admin.lrange(`${prefix}q:{${queues[0]!.id}}:events`, 0, -1);
    expect(listed[0]!.length).toBeLessThan(200);
    for (const queue of queues) {
      expect(await store.fetch(queue.id, -1)).toEqual({ kind: 'ok', events: [{ id: 0, type: 'message', message, flags: [] }] });
    }
    await store.fetch(queues[0]!.id, 0);
    await store.delete(queues[1]!.id);
    expect(await bodies()).toBe(1);
    await store.fetch(queues[2]!.id, 0);
    expect(await bodies()).toBe(0);
    expect(await admin.hlen(`${prefix}body-refs`)).toBe(0);
  });

  it('never moves the expiry on append', async () => {
    const queue = await newQueue();
    const before = await admin.zscore(`${prefix}expiry`, queue.id);
    await store.append([{ queueId: queue.id, event: { type: 'x' } }]);
    expect(await admin.zscore(`${prefix}expiry`, queue.id)).toBe(before);
  });

  it('keeps prefixes apart', async () => {
    const queue = await newQueue();
    const other = new RedisQueueStore({ url: REDIS_URL, prefix: nextPrefix() });
    try {
      expect(await other.get(queue.id)).toBeNull();
      expect(await other.queuesOfUsers([5])).toEqual([]);
      expect(await other.append([{ queueId: queue.id, event: { type: 'x' } }])).toEqual([null]);
    } finally {
      await other.close();
    }
  });

  it('wakes a waiter through the channel alone (the path a parked poll relies on)', async () => {
    const queue = await newQueue();
    const other = await newQueue();
    const waiting = store.waitForEvent(queue.id, 5_000);
    await waitFor(() => store.listensFor(queue.id), 2_000, { what: 'listened for' });
    // No event in the list: only the published wake-up can resolve this wait.
    await admin.publish(channelOf(prefix), `${other.id},${queue.id}`);
    expect(await waiting).toBe('event');
  });

  it('answers polls made in one tick (one script call) as it answers each alone', async () => {
    const [withMessage, alsoWithMessage, empty] = [await newQueue(), await newQueue(), await newQueue()];
    const message = { id: 7, content: 'shared' };
    await store.append([withMessage, alsoWithMessage].map((queue) => ({ queueId: queue.id, event: { type: 'message', message } })));
    const steps = [
      store.poll(withMessage.id, { lastEventId: -1 }),
      store.poll(alsoWithMessage.id, { lastEventId: -1, userId: alsoWithMessage.userId + 1 }),
      store.poll(empty.id, { lastEventId: 5 }),
      store.poll('1:999999', { lastEventId: -1 }),
      store.poll(alsoWithMessage.id, { lastEventId: -1 }),
    ];
    const [first, notOwner, notInQueue, gone, second] = await Promise.all(steps);
    expect(first).toEqual({ kind: 'ok', events: [{ id: 0, type: 'message', message }] });
    expect(notOwner).toEqual({ kind: 'not-owner' });
    expect(notInQueue).toEqual({ kind: 'not-in-queue' });
    expect(gone).toEqual({ kind: 'no-queue' });
    expect(second).toEqual(first);
    // One parsed body for the whole batch.
    expect(first?.kind === 'ok' && second?.kind === 'ok' && first.events[0]?.message === second.events[0]?.message).toBe(true);
  });

  it('does not wake the poll that interrupted when its own interrupt comes back on the channel', async () => {
    const queue = await newQueue();
    // The subscription is in place before the poll: a first wait listens, then leaves.
    const controller = new AbortController();
    const first = store.waitForEvent(queue.id, 5_000, controller.signal);
    await waitFor(() => store.listensFor(queue.id), 2_000, { what: 'listened for' });
    controller.abort();
    await first;
    await store.poll(queue.id, { lastEventId: -1, interrupt: true });
    expect(await store.waitForEvent(queue.id, 300)).toBe('timeout');
  });

  it('subscribes once for every queue, and keeps nothing of a waiter that left', async () => {
    const [queue, other] = [await newQueue(), await newQueue()];
    const channel = channelOf(prefix);
    const controller = new AbortController();
    const waiting = [
      store.waitForEvent(queue.id, 100),
      store.waitForEvent(queue.id, 5_000, controller.signal),
      store.waitForEvent(other.id, 100),
    ];
    // Parking is synchronous; by the time the subscription is seen the short waits may be over.
    expect(store.parkedWaiters).toBe(3);
    await waitFor(async () => store.listensFor(queue.id) && (await subscribers(channel)) === 1, 2_000, {
      what: 'subscribed once for every waiter',
    });
    expect(await waiting[0]).toBe('timeout');
    expect(await waiting[2]).toBe('timeout');
    expect(store.listensFor(queue.id)).toBe(true);
    controller.abort();
    expect(await waiting[1]).toBe('aborted');
    expect(store.parkedWaiters).toBe(0);
    expect(store.listensFor(queue.id)).toBe(false);
    expect(await subscribers(channel)).toBe(1);
  });

  it('parks many waiters on one subscriber connection', async () => {
    const name = `qs-${randomUUID()}`;
    const shared = new Redis(REDIS_URL, { connectionName: name });
    const named = new RedisQueueStore({ redis: shared, prefix });
    try {
      const queues = await Promise.all(Array.from({ length: 200 }, () => newQueue()));
      const waiting = queues.map((queue) => named.waitForEvent(queue.id, 5_000));
      await waitFor(() => queues.every((queue) => named.listensFor(queue.id)), 2_000, { what: 'all listened for' });
      const connections = (await admin.client('LIST')) as string;
      expect(connections.split('\n').filter((line) => line.includes(` name=${name} `))).toHaveLength(2);
      await store.append(queues.map((queue) => ({ queueId: queue.id, event: { type: 'x' } })));
      expect(new Set(await Promise.all(waiting))).toEqual(new Set(['event']));
    } finally {
      await named.close();
    }
    // The caller's connection is the caller's to close.
    expect(await shared.ping()).toBe('PONG');
    await shared.quit();
  });

  it('wakes its waiters to refetch after the subscriber connection was lost', async () => {
    const name = `qs-${randomUUID()}`;
    const shared = new Redis(REDIS_URL, { connectionName: name });
    const named = new RedisQueueStore({ redis: shared, prefix });
    try {
      const queue = await newQueue();
      const waiting = named.waitForEvent(queue.id, 10_000);
      await waitFor(() => named.listensFor(queue.id), 2_000, { what: 'listened for' });
      const connections = ((await admin.client('LIST')) as string).split('\n');
      const subscriber = connections.find((line) => line.includes(` name=${name} `) && / sub=1 /.test(line));
      const id = subscriber?.match(/^id=(\d+) /)?.[1];
      expect(id).toBeDefined();
      await admin.client('KILL', 'ID', id ?? '');
      // A wake-up published while it was down would be lost; the waiter refetches instead.
      expect(await waiting).toBe('event');
    } finally {
      await named.close();
      await shared.quit();
    }
  });
});
