import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryQueueStore, type QueueDescriptor } from '@chat/queue-store';
import { testLogger, queueDescriptor } from '@chat/testing';
import { restoreQueues, saveQueues } from '../src/saved-queues';

const queue = (id: string): QueueDescriptor => queueDescriptor({ id, userId: 7, applyMarkdown: false, lastActivity: Date.now() });

describe('event queues across a restart of the embedded server', () => {
  it('keeps queue ids, unacknowledged events and ids, and announces the restart', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'queues-')), 'event-queues.json');
    const before = new MemoryQueueStore();
    await before.create(queue('1:1'));
    await before.append(
      [
        { queueId: '1:1', event: { type: 'a' } },
        { queueId: '1:1', event: { type: 'b' } },
      ],
      41,
    );
    expect((await before.fetch('1:1', 0)).kind).toBe('ok');
    saveQueues(before, file);

    const after = new MemoryQueueStore();
    expect(await restoreQueues(after, file, testLogger())).toBe(1);
    const result = await after.fetch('1:1', 0);
    expect(result).toEqual({
      kind: 'ok',
      events: [
        { id: 1, type: 'b' },
        { id: 2, type: 'restart', server_generation: expect.any(Number), immediate: true },
      ],
    });
    expect((await after.queuesOfUsers([7])).map((q) => q.id)).toEqual(['1:1']);
    // The new process's bus numbers from the start again: its records must not look like repeats.
    expect(await after.append([{ queueId: '1:1', event: { type: 'c' } }], 1)).toEqual([3]);
    // Loaded once: the file is moved aside.
    expect(await restoreQueues(new MemoryQueueStore(), file, testLogger())).toBe(0);
  });
});
