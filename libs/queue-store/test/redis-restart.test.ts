/**
 * A Redis that restarts empty (the queues are in memory only): the store's connections come back
 * by themselves, lost queues read as gone (so /events answers BAD_EVENT_QUEUE_ID), new queue ids
 * never repeat the lost ones, positions are applied afresh, and long-polls parked on the lost
 * connection wake up and parked later ones are woken through the re-established subscriber.
 * A private Redis: the shared one on 6379 is never restarted.
 */
import { queueDescriptor, startPrivateRedis, waitFor, waitForSuccess, type PrivateBroker } from '@chat/testing';
import Redis from 'ioredis';
import { RedisQueueStore } from '../src';

jest.setTimeout(60_000);

let broker: PrivateBroker;
let redis: Redis;
let store: RedisQueueStore;

beforeAll(async () => {
  broker = await startPrivateRedis();
  redis = new Redis(broker.url, { retryStrategy: () => 100 });
  redis.on('error', () => undefined);
  store = new RedisQueueStore({ redis, prefix: 'restart:' });
});

afterAll(async () => {
  await store.close();
  redis.disconnect();
  await broker.stop();
});

async function newQueue(): Promise<string> {
  const id = await store.newQueueId();
  await store.create(queueDescriptor({ id, userId: 7, realmId: 1 }));
  return id;
}

/** Retries until Redis answers again (ioredis queues commands while it reconnects). */
function eventually<T>(attempt: () => Promise<T>): Promise<T> {
  return waitForSuccess(attempt, 20_000, { stepMs: 100, what: 'Redis answering again' });
}

/** Whether the store's subscriber connection listens on its wake-up channel (again, after a restart). */
async function subscribed(): Promise<boolean> {
  const [, count] = (await redis.pubsub('NUMSUB', 'restart:wake')) as [string, number];
  return Number(count) > 0;
}

it('forgets lost queues, issues ids that never repeat them, and wakes long-polls again after a restart', async () => {
  const before = await newQueue();
  expect(await store.append([{ queueId: before, event: { type: 'x' } }], 10)).toEqual([0]);
  const parked = store.waitForEvent(before, 20_000);
  await waitFor(subscribed, 5_000, { what: 'the subscriber listening' });

  await broker.restart();
  // The poll parked on the dropped subscriber refetches (and then finds its queue gone).
  expect(await parked).toBe('event');
  expect(await eventually(() => store.fetch(before, -1))).toEqual({ kind: 'no-queue' });

  const after = await eventually(newQueue);
  expect(after).not.toBe(before);
  expect(after.split(':')[0]).not.toBe(before.split(':')[0]);
  // A position below one a lost queue had applied is new to the new queue.
  expect(await store.append([{ queueId: after, event: { type: 'y' } }], 5)).toEqual([0]);
  expect(await store.append([{ queueId: after, event: { type: 'y' } }], 5)).toEqual([null]);

  // The subscriber connection resubscribed: a parked poll is woken by the next append.
  const waiting = store.waitForEvent(after, 20_000);
  expect(await store.fetch(after, 0)).toEqual({ kind: 'ok', events: [] });
  await waitFor(subscribed, 5_000, { what: 'the subscriber listening again' });
  await store.append([{ queueId: after, event: { type: 'z' } }], 6);
  expect(await waiting).toBe('event');
});
