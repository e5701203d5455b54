import { MemoryQueueStore } from '../src';
import { queueDescriptor } from '@chat/testing';
import { CONTRACT_MAX_EVENTS, runQueueStoreContract, type StoreUnderTest } from './queue-store.contract';
import { runPollContract } from './queue-store.poll-contract';

async function makeStore(): Promise<StoreUnderTest> {
  const store = new MemoryQueueStore({ maxEvents: CONTRACT_MAX_EVENTS });
  // One process holds every queue: the peer replica is the store itself, and waiters park synchronously.
  return { store, peer: store, parked: async () => undefined };
}

runQueueStoreContract('MemoryQueueStore', makeStore);
runPollContract('MemoryQueueStore', makeStore);

describe('MemoryQueueStore waiters', () => {
  const queue = queueDescriptor({ id: '1:1', lastActivity: 0 });

  it('keeps nothing of a waiter once it has settled, whichever way', async () => {
    const store = new MemoryQueueStore();
    await store.create(queue);
    const controller = new AbortController();
    const waiting = [
      store.waitForEvent(queue.id, 20),
      store.waitForEvent(queue.id, 5_000, controller.signal),
      store.waitForEvent(queue.id, 5_000),
    ];
    expect(store.parkedWaiters).toBe(3);
    controller.abort();
    expect(await waiting[1]).toBe('aborted');
    expect(await waiting[0]).toBe('timeout');
    expect(store.parkedWaiters).toBe(1);
    await store.append([{ queueId: queue.id, event: { type: 'x' } }]);
    expect(await waiting[2]).toBe('event');
    expect(store.parkedWaiters).toBe(0);
    await store.close();
  });
});
