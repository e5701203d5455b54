import { queueDescriptor } from '@chat/testing';
import type { QueueDescriptor, QueueStore, WaitResult } from '../src';

/** What a contract run needs from an adapter, fresh for every test. */
export interface StoreUnderTest {
  store: QueueStore;
  /** Another store over the same data (another replica); the store itself where that means nothing. */
  peer: QueueStore;
  /** Resolves once a waiter parked on the queue listens for wake-ups; rejects after a bounded wait. */
  parked(queueId: string): Promise<void>;
}

/** The cap the contract's stores are built with (maxEvents). */
export const CONTRACT_MAX_EVENTS = 50;

/** Long enough never to pass by accident on a slow machine, short enough for a failing test to end. */
export const WAIT_MS = 5_000;

export function runQueueStoreContract(name: string, makeStore: () => Promise<StoreUnderTest>): void {
  describe(`${name}: the QueueStore contract`, () => {
    let t: StoreUnderTest;
    let store: QueueStore;
    let peer: QueueStore;

    beforeEach(async () => {
      t = await makeStore();
      ({ store, peer } = t);
    });

    afterEach(async () => {
      await store.close();
      if (peer !== store) await peer.close();
    });

    async function newQueue(overrides: Partial<QueueDescriptor> = {}): Promise<QueueDescriptor> {
      const queue = queueDescriptor({ id: await store.newQueueId(), ...overrides });
      await store.create(queue);
      return queue;
    }

    const ids = (queues: QueueDescriptor[]): string[] => queues.map((q) => q.id).sort();

    describe('queues', () => {
      it('gives unique ids shaped <generation>:<n>', async () => {
        const given = await Promise.all(Array.from({ length: 50 }, () => store.newQueueId()));
        const fromPeer = await peer.newQueueId();
        expect(new Set([...given, fromPeer]).size).toBe(51);
        for (const id of given) expect(id).toMatch(/^\d+:\d+$/);
      });

      it('stores a descriptor and gives it back whole', async () => {
        const queue = await newQueue({
          userId: 7,
          realmId: 3,
          eventTypes: ['message', 'update_message_flags'],
          narrow: [['stream', 'Denmark']],
          applyMarkdown: false,
          clientGravatar: true,
          allPublicStreams: true,
          clientName: 'ZulipMobile',
          timeoutSecs: 120,
        });
        expect(await store.get(queue.id)).toEqual(queue);
        expect(await peer.get(queue.id)).toEqual(queue);
        expect(await store.get('1:999999')).toBeNull();
      });

      it('refuses an id that is taken', async () => {
        const queue = await newQueue();
        await expect(store.create({ ...queue, userId: 2 })).rejects.toThrow(/already exists/);
        expect((await store.get(queue.id))?.userId).toBe(1);
      });

      it('hands out copies the caller cannot use to change the queue', async () => {
        const queue = await newQueue({ eventTypes: ['message'], narrow: [['is', 'private']] });
        const got = await store.get(queue.id);
        got?.eventTypes?.push('typing');
        got?.narrow.push(['stream', 'x']);
        if (got) got.userId = 99;
        expect(await store.get(queue.id)).toEqual(queue);
      });

      it('touch records activity, and is false for a missing queue', async () => {
        const queue = await newQueue();
        expect(await store.touch(queue.id, queue.lastActivity + 5_000)).toBe(true);
        expect((await store.get(queue.id))?.lastActivity).toBe(queue.lastActivity + 5_000);
        expect(await store.touch('1:999999', Date.now())).toBe(false);
      });

      it('delete removes the queue, its events and its index entries', async () => {
        const queue = await newQueue({ allPublicStreams: true });
        await store.append([{ queueId: queue.id, event: { type: 'x' } }]);
        await store.delete(queue.id);
        expect(await store.get(queue.id)).toBeNull();
        expect(await store.fetch(queue.id, -1)).toEqual({ kind: 'no-queue' });
        expect(await store.queuesOfUsers([1])).toEqual([]);
        expect(await store.publicStreamQueues(1)).toEqual([]);
        expect(await store.expiredQueues(Number.MAX_SAFE_INTEGER)).toEqual([]);
        expect(await store.touch(queue.id, Date.now())).toBe(false);
        await expect(store.delete(queue.id)).resolves.toBeUndefined();
      });
    });

    describe('indexes', () => {
      it('finds every queue of the given users, once each', async () => {
        const a1 = await newQueue({ userId: 1 });
        const a2 = await newQueue({ userId: 1 });
        const b = await newQueue({ userId: 2 });
        await newQueue({ userId: 3 });
        expect(ids(await store.queuesOfUsers([1, 4]))).toEqual(ids([a1, a2]));
        expect(ids(await peer.queuesOfUsers([2, 1, 2]))).toEqual(ids([a1, a2, b]));
        expect(await store.queuesOfUsers([])).toEqual([]);
        expect(await store.queuesOfUsers([1])).toContainEqual(a1);
      });

      it("keeps the realm's all_public_streams and narrowed queues apart", async () => {
        const all = await newQueue({ realmId: 1, allPublicStreams: true });
        const narrowed = await newQueue({ realmId: 1, narrow: [['stream', 'Verona']] });
        await newQueue({ realmId: 1 });
        const otherRealm = await newQueue({ realmId: 2, allPublicStreams: true });
        expect(ids(await store.publicStreamQueues(1))).toEqual(ids([all, narrowed]));
        expect(ids(await peer.publicStreamQueues(2))).toEqual([otherRealm.id]);
        await store.delete(all.id);
        expect(ids(await store.publicStreamQueues(1))).toEqual([narrowed.id]);
        expect(await store.publicStreamQueues(3)).toEqual([]);
      });
    });

    describe('append', () => {
      it('numbers events per queue from 0, and skips a missing queue', async () => {
        const q1 = await newQueue();
        const q2 = await newQueue();
        const first = await store.append([
          { queueId: q1.id, event: { type: 'a' } },
          { queueId: q2.id, event: { type: 'b' } },
          { queueId: '1:999999', event: { type: 'c' } },
          { queueId: q1.id, event: { type: 'd' } },
        ]);
        expect(first).toEqual([0, 0, null, 1]);
        expect(await peer.append([{ queueId: q1.id, event: { type: 'e' } }])).toEqual([2]);
        expect(await store.append([])).toEqual([]);
        const fetched = await store.fetch(q1.id, -1);
        expect(fetched).toEqual({
          kind: 'ok',
          events: [
            { id: 0, type: 'a' },
            { id: 1, type: 'd' },
            { id: 2, type: 'e' },
          ],
        });
      });

      it('keeps the event as given, except that the queue sets its id', async () => {
        const queue = await newQueue();
        const event = { type: 'odd', id: 'mine', empty: [], nested: { list: [1, { x: null }], obj: {} }, s: 'é"\\\n' };
        await store.append([{ queueId: queue.id, event }]);
        expect(await store.fetch(queue.id, -1)).toEqual({ kind: 'ok', events: [{ ...event, id: 0 }] });
      });

      it('applies a bus position once per queue, so a redelivery changes nothing', async () => {
        const q1 = await newQueue();
        const q2 = await newQueue();
        const both = [
          { queueId: q1.id, event: { type: 'x', n: 5 } },
          { queueId: q2.id, event: { type: 'x', n: 5 } },
        ];
        expect(await store.append(both, 5)).toEqual([0, 0]);
        expect(await peer.append(both, 5)).toEqual([null, null]);
        expect(await store.append(both, 4)).toEqual([null, null]);
        // A queue created after seq 5 was applied elsewhere still takes seq 5.
        const late = await newQueue();
        expect(await store.append([...both, { queueId: late.id, event: { type: 'x', n: 5 } }], 5)).toEqual([null, null, 0]);
        expect(await store.append(both, 6)).toEqual([1, 1]);
        // Without a bus position (the heartbeat) nothing is skipped.
        expect(await store.append([{ queueId: q1.id, event: { type: 'heartbeat' } }])).toEqual([2]);
        const events = await store.fetch(q1.id, -1);
        expect(events.kind === 'ok' && events.events.map((e) => e.id)).toEqual([0, 1, 2]);
      });

      it('applies every event one record gives a queue, all or none', async () => {
        const queue = await newQueue();
        const two = [
          { queueId: queue.id, event: { type: 'a' } },
          { queueId: queue.id, event: { type: 'b' } },
        ];
        expect(await store.append(two, 9)).toEqual([0, 1]);
        expect(await store.append(two, 9)).toEqual([null, null]);
      });
    });

    describe('fetch', () => {
      async function queueWith(count: number): Promise<QueueDescriptor> {
        const queue = await newQueue();
        await store.append(Array.from({ length: count }, (_, n) => ({ queueId: queue.id, event: { type: 't', n } })));
        return queue;
      }

      const eventIds = (result: Awaited<ReturnType<QueueStore['fetch']>>): number[] | string =>
        result.kind === 'ok' ? result.events.map((e) => e.id) : result.kind;

      it('gives a fresh queue everything for last_event_id -1', async () => {
        expect(await store.fetch((await newQueue()).id, -1)).toEqual({ kind: 'ok', events: [] });
        expect(eventIds(await store.fetch((await queueWith(3)).id, -1))).toEqual([0, 1, 2]);
      });

      it('drops what was acknowledged and keeps the rest until acknowledged', async () => {
        const queue = await queueWith(5);
        expect(eventIds(await store.fetch(queue.id, 1))).toEqual([2, 3, 4]);
        expect(eventIds(await peer.fetch(queue.id, 1))).toEqual([2, 3, 4]);
        expect(eventIds(await store.fetch(queue.id, 3))).toEqual([4]);
        expect(eventIds(await store.fetch(queue.id, 4))).toEqual([]);
      });

      it('refuses a last_event_id older than what was pruned', async () => {
        const queue = await queueWith(5);
        await store.fetch(queue.id, 2);
        expect(await store.fetch(queue.id, 1)).toEqual({ kind: 'pruned-past', newestPrunedId: 2 });
        expect(await store.fetch(queue.id, -1)).toEqual({ kind: 'pruned-past', newestPrunedId: 2 });
      });

      it('refuses an id the queue never had, pruning what it passed (as Zulip does)', async () => {
        expect(await store.fetch((await newQueue()).id, 0)).toEqual({ kind: 'not-in-queue' });
        const queue = await queueWith(3);
        expect(await store.fetch(queue.id, 10)).toEqual({ kind: 'not-in-queue' });
        expect(eventIds(await store.fetch(queue.id, 2))).toEqual([]);
        expect(await store.fetch(queue.id, 1)).toEqual({ kind: 'pruned-past', newestPrunedId: 2 });
        expect(await store.fetch('1:999999', -1)).toEqual({ kind: 'no-queue' });
      });
    });

    describe('waitForEvent', () => {
      /** Starts a wait and returns once it is parked (wrapped: an async function would flatten the promise). */
      async function parkedOn(queueId: string, timeoutMs = WAIT_MS, signal?: AbortSignal): Promise<{ result: Promise<WaitResult> }> {
        const result = store.waitForEvent(queueId, timeoutMs, signal);
        await t.parked(queueId);
        return { result };
      }

      it('wakes on an append made through another store instance', async () => {
        const queue = await newQueue();
        expect(await store.fetch(queue.id, -1)).toEqual({ kind: 'ok', events: [] });
        const waiting = (await parkedOn(queue.id)).result;
        await peer.append([{ queueId: queue.id, event: { type: 'x' } }]);
        expect(await waiting).toBe('event');
      });

      it('wakes every waiter of the queue, and only of that queue', async () => {
        const queue = await newQueue();
        const other = await newQueue();
        const otherWaiting = store.waitForEvent(other.id, 300);
        const waiting = [store.waitForEvent(queue.id, WAIT_MS), (await parkedOn(queue.id)).result];
        await peer.append([{ queueId: queue.id, event: { type: 'x' } }]);
        expect(await Promise.all(waiting)).toEqual(['event', 'event']);
        expect(await otherWaiting).toBe('timeout');
      });

      it('does not miss an event appended between the fetch and the wait', async () => {
        const queue = await newQueue();
        expect(await store.fetch(queue.id, -1)).toEqual({ kind: 'ok', events: [] });
        await peer.append([{ queueId: queue.id, event: { type: 'x' } }]);
        expect(await store.waitForEvent(queue.id, WAIT_MS)).toBe('event');
      });

      it('answers at once while events are unacknowledged or the queue is gone', async () => {
        const queue = await newQueue();
        await store.append([{ queueId: queue.id, event: { type: 'x' } }]);
        expect(await store.waitForEvent(queue.id, WAIT_MS)).toBe('event');
        expect(await store.waitForEvent('1:999999', WAIT_MS)).toBe('event');
      });

      it('wakes when the queue is deleted, so the poll can report it gone', async () => {
        const queue = await newQueue();
        const waiting = (await parkedOn(queue.id)).result;
        await peer.delete(queue.id);
        expect(await waiting).toBe('event');
        expect(await store.fetch(queue.id, -1)).toEqual({ kind: 'no-queue' });
      });

      it('times out', async () => {
        const queue = await newQueue();
        const started = Date.now();
        expect(await store.waitForEvent(queue.id, 100)).toBe('timeout');
        expect(Date.now() - started).toBeGreaterThanOrEqual(90);
      });

      it('stops when the signal aborts, or was aborted already', async () => {
        const queue = await newQueue();
        const controller = new AbortController();
        const waiting = (await parkedOn(queue.id, WAIT_MS, controller.signal)).result;
        controller.abort();
        expect(await waiting).toBe('aborted');
        expect(await store.waitForEvent(queue.id, WAIT_MS, controller.signal)).toBe('aborted');
      });

      it('releases parked waiters when the store closes', async () => {
        const queue = await newQueue();
        const waiting = (await parkedOn(queue.id)).result;
        await store.close();
        expect(await waiting).toBe('aborted');
      });
    });

    describe('expiry', () => {
      it('expires at lastActivity + timeout; touch postpones it, appends do not', async () => {
        const queue = await newQueue({ lastActivity: 1_000_000, timeoutSecs: 10 });
        const other = await newQueue({ lastActivity: 1_000_000, timeoutSecs: 600 });
        expect(await store.expiredQueues(1_009_999)).toEqual([]);
        expect(await store.expiredQueues(1_010_000)).toEqual([queue.id]);
        await store.append([{ queueId: queue.id, event: { type: 'x' } }]);
        expect(await peer.expiredQueues(1_010_000)).toEqual([queue.id]);
        await store.touch(queue.id, 1_005_000);
        expect(await store.expiredQueues(1_014_999)).toEqual([]);
        expect(await store.expiredQueues(1_015_000)).toEqual([queue.id]);
        expect((await store.expiredQueues(1_600_000)).sort()).toEqual([queue.id, other.id].sort());
      });
    });

    describe('registration fence', () => {
      const snapshot = { xmin: 100, xmax: 105, xip: [100, 102] };
      const event = (n: number) => ({ type: 'test', n });
      const numbers = async (queueId: string) => {
        const result = await store.fetch(queueId, -1);
        return result.kind === 'ok' ? result.events.map((e) => e.n) : result.kind;
      };

      it('drops what the snapshot saw among the events appended while registering, keeps the rest', async () => {
        const queue = await newQueue({ registering: true });
        expect((await store.get(queue.id))?.registering).toBe(true);
        await store.append([{ queueId: queue.id, event: event(1) }], 1, 99); // seen (below xmin)
        await peer.append([{ queueId: queue.id, event: event(2) }], 2, 102); // in progress: not seen
        await store.append([{ queueId: queue.id, event: event(3) }], 3, 103); // seen
        await store.append([{ queueId: queue.id, event: event(4) }], 4, 105); // after the snapshot
        await store.append([{ queueId: queue.id, event: event(5) }]); // no transaction (local)
        await peer.setFence(queue.id, snapshot);
        expect(await numbers(queue.id)).toEqual([2, 4, 5]);
        expect((await store.get(queue.id))?.registering).toBeFalsy();
      });

      it('skips later events from transactions the snapshot saw, and delivers the others', async () => {
        const queue = await newQueue({ registering: true });
        await store.setFence(queue.id, snapshot);
        expect(await store.append([{ queueId: queue.id, event: event(1) }], 1, 101)).toEqual([null]);
        expect(await peer.append([{ queueId: queue.id, event: event(2) }], 2, 102)).toEqual([0]);
        expect(await store.append([{ queueId: queue.id, event: event(3) }], 3, 200)).toEqual([1]);
        expect(await numbers(queue.id)).toEqual([2, 3]);
      });

      it('leaves queues that never registered unfenced', async () => {
        const queue = await newQueue();
        expect(await store.append([{ queueId: queue.id, event: event(1) }], 1, 1)).toEqual([0]);
        await store.setFence('no-such-queue', snapshot);
        expect(await numbers(queue.id)).toEqual([1]);
      });
    });

    describe('interrupt', () => {
      it('wakes a waiter parked through another replica', async () => {
        const queue = await newQueue();
        const waiting = peer.waitForEvent(queue.id, WAIT_MS);
        await t.parked(queue.id);
        await store.interrupt(queue.id);
        expect(await waiting).toBe('event');
      });
    });

    describe('cap', () => {
      it('collects a queue that would hold more than its cap, indexes and all', async () => {
        const queue = await newQueue({ allPublicStreams: true });
        const fill = Array.from({ length: CONTRACT_MAX_EVENTS }, (_, n) => ({ queueId: queue.id, event: { type: 'x', n } }));
        expect(await store.append(fill)).toHaveLength(CONTRACT_MAX_EVENTS);
        expect(await peer.append([{ queueId: queue.id, event: { type: 'x', n: 'over' } }])).toEqual([null]);
        expect(await store.fetch(queue.id, -1)).toEqual({ kind: 'no-queue' });
        expect(await store.get(queue.id)).toBeNull();
        expect(await store.queuesOfUsers([queue.userId])).toEqual([]);
        expect(await store.publicStreamQueues(queue.realmId)).toEqual([]);
        expect(await store.expiredQueues(Number.MAX_SAFE_INTEGER)).not.toContain(queue.id);
        // A collected queue never comes back to life with ids restarting from 0.
        expect(await store.append([{ queueId: queue.id, event: { type: 'x' } }])).toEqual([null]);
      });
    });

    describe('fan-out', () => {
      const QUEUES = 10_000;

      it(`appends one event to ${QUEUES} queues in one call, exactly once`, async () => {
        const queues = await Promise.all(Array.from({ length: QUEUES }, (_, n) => newQueue({ userId: n, allPublicStreams: true })));
        expect(await store.publicStreamQueues(1)).toHaveLength(QUEUES);
        const entries = queues.map((queue) => ({ queueId: queue.id, event: { type: 'message', message: { id: 1 } } }));
        expect(await store.append(entries, 1)).toEqual(queues.map(() => 0));
        expect(await peer.append(entries, 1)).toEqual(queues.map(() => null));
        const last = queues[QUEUES - 1];
        expect(last && (await store.fetch(last.id, -1))).toEqual({
          kind: 'ok',
          events: [{ id: 0, type: 'message', message: { id: 1 } }],
        });
        // A bound, not a wait: about 4 s alone, five times that among the full suite on two cores.
      }, 60_000);
    });
  });
}
