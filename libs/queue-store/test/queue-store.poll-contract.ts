import { queueDescriptor } from '@chat/testing';
import type { QueueDescriptor, QueueStore } from '../src';
import { WAIT_MS, type StoreUnderTest } from './queue-store.contract';

/**
 * QueueStore.poll, GET /events's one-call step, against every adapter: it must answer exactly as
 * get + touch + interrupt + fetch did, in that order.
 */
export function runPollContract(name: string, makeStore: () => Promise<StoreUnderTest>): void {
  describe(`${name}: QueueStore.poll`, () => {
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

    async function queueWith(count: number, overrides: Partial<QueueDescriptor> = {}): Promise<QueueDescriptor> {
      const queue = queueDescriptor({ id: await store.newQueueId(), ...overrides });
      await store.create(queue);
      if (count > 0) await store.append(Array.from({ length: count }, (_, n) => ({ queueId: queue.id, event: { type: 't', n } })));
      return queue;
    }

    const eventIds = (result: Awaited<ReturnType<QueueStore['poll']>>): number[] | string =>
      result.kind === 'ok' ? result.events.map((e) => e.id) : result.kind;

    it('prunes and fetches as fetch does, events whole', async () => {
      const queue = await queueWith(4);
      expect(eventIds(await store.poll(queue.id, { lastEventId: 1 }))).toEqual([2, 3]);
      expect(await peer.poll(queue.id, { lastEventId: 2 })).toEqual({ kind: 'ok', events: [{ type: 't', n: 3, id: 3 }] });
      expect(await store.poll(queue.id, { lastEventId: 1 })).toEqual({ kind: 'pruned-past', newestPrunedId: 2 });
      expect(await store.poll(queue.id, { lastEventId: 9 })).toEqual({ kind: 'not-in-queue' });
      expect(await store.poll('1:999999', { lastEventId: -1 })).toEqual({ kind: 'no-queue' });
    });

    it('gives message events their bodies whole, in place, however many events share one', async () => {
      const queue = await queueWith(0);
      const body = { id: 1, content: 'looks like "$body":"x", %s, $& and a \u0000', subject: 't' };
      const other = { id: 2, content: 'second' };
      await store.append([
        { queueId: queue.id, event: { type: 'message', message: body, flags: ['read'] } },
        { queueId: queue.id, event: { type: 'message', message: other, flags: [] } },
        { queueId: queue.id, event: { type: 'message', message: body, flags: [] } },
      ]);
      const result = await peer.poll(queue.id, { lastEventId: -1 });
      expect(result).toEqual({
        kind: 'ok',
        events: [
          { id: 0, type: 'message', message: body, flags: ['read'] },
          { id: 1, type: 'message', message: other, flags: [] },
          { id: 2, type: 'message', message: body, flags: [] },
        ],
      });
      if (result.kind === 'ok') expect(Object.keys(result.events[1]!).sort()).toEqual(['flags', 'id', 'message', 'type']);
    });

    it("answers 'not-owner' for another user's queue and leaves it as it was", async () => {
      const queue = await queueWith(3, { userId: 7, lastActivity: 1_000 });
      expect(await store.poll(queue.id, { lastEventId: 1, userId: 8, now: 5_000, interrupt: true })).toEqual({ kind: 'not-owner' });
      expect((await store.get(queue.id))?.lastActivity).toBe(1_000);
      expect(eventIds(await store.fetch(queue.id, -1))).toEqual([0, 1, 2]);
      expect(eventIds(await store.poll(queue.id, { lastEventId: 0, userId: 7 }))).toEqual([1, 2]);
    });

    it('records activity only when asked, postponing collection as touch does', async () => {
      const queue = await queueWith(0, { lastActivity: 1_000, timeoutSecs: 10 });
      await store.poll(queue.id, { lastEventId: -1 });
      expect((await store.get(queue.id))?.lastActivity).toBe(1_000);
      await store.poll(queue.id, { lastEventId: -1, now: 50_000 });
      expect((await store.get(queue.id))?.lastActivity).toBe(50_000);
      expect(await store.expiredQueues(59_999)).not.toContain(queue.id);
      expect(await store.expiredQueues(60_000)).toContain(queue.id);
    });

    it('wakes the poll parked before on another replica only when asked', async () => {
      const queue = await queueWith(0);
      const controller = new AbortController();
      let outcome: string | undefined;
      const waiting = peer.waitForEvent(queue.id, WAIT_MS, controller.signal).then((result) => (outcome = result));
      await t.parked(queue.id);
      await store.poll(queue.id, { lastEventId: -1, now: 2_000 });
      // Exact for the memory store (wake-ups are synchronous); for Redis a stray wake-up published
      // by the first poll would almost always have reached the peer by the end of this round trip.
      await store.poll(queue.id, { lastEventId: -1 });
      expect(outcome).toBeUndefined();
      await store.poll(queue.id, { lastEventId: -1, interrupt: true });
      expect(await waiting).toBe('event');
      controller.abort();
    });
  });
}
