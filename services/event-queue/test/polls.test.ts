import { MemoryQueueStore } from '@chat/queue-store';
import { queueDescriptor } from '@chat/testing';
import { LocalPolls } from '../src/lib/polls';

jest.setTimeout(10_000);

describe('LocalPolls', () => {
  it('finishes the parked wait when a newer poll on its queue begins, and only that one', async () => {
    const store = new MemoryQueueStore();
    const [queue, other] = [queueDescriptor({ id: '1:1' }), queueDescriptor({ id: '1:2' })];
    await store.create(queue);
    await store.create(other);
    const polls = new LocalPolls();
    const first = store.waitForEvent(queue.id, 5_000, polls.begin(queue.id));
    const elsewhere = store.waitForEvent(other.id, 200, polls.begin(other.id));
    const second = polls.begin(queue.id);
    expect(await first).toBe('aborted');
    expect(await elsewhere).toBe('timeout');
    expect(second.aborted).toBe(false);
    await store.close();
  });

  it('lets go of a wait that ended, and aborts everything once draining', async () => {
    const store = new MemoryQueueStore();
    const queue = queueDescriptor({ id: '1:1' });
    await store.create(queue);
    const polls = new LocalPolls();
    const cancel = polls.begin(queue.id);
    expect(await store.waitForEvent(queue.id, 50, cancel)).toBe('timeout');
    // The waiter removed itself: aborting now tells nobody, and the next wait starts aborted.
    cancel.abort();
    expect(await store.waitForEvent(queue.id, 5_000, cancel)).toBe('aborted');
    polls.end(queue.id, cancel);
    const parked = store.waitForEvent(queue.id, 5_000, polls.begin(queue.id));
    polls.drain();
    expect(await parked).toBe('aborted');
    expect(polls.begin(queue.id).aborted).toBe(true);
    await store.close();
  });
});
