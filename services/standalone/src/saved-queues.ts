/**
 * The embedded server keeps its event queues in memory; like Zulip's Tornado
 * (dump_event_queues / load_event_queues) it saves them on a clean shutdown and loads them at the
 * next start, so clients keep their queue and do not have to register again. Every restored queue
 * gets a `restart` event. The file is renamed after loading so it is never loaded twice.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Logger } from '@chat/log';
import type { MemoryQueueStore, PersistedQueue } from '@chat/queue-store';

export async function restoreQueues(store: MemoryQueueStore, file: string, logger: Logger): Promise<number> {
  if (!existsSync(file)) return 0;
  let saved: PersistedQueue[] = [];
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as PersistedQueue[];
  } catch (err) {
    logger.warn({ err, file }, 'could not read saved event queues; clients will register again');
  }
  renameSync(file, `${file}.last`);
  store.restore(saved);
  const serverGeneration = Math.floor(Date.now() / 1000);
  await store.append(
    saved.map((queue) => ({
      queueId: queue.descriptor.id,
      event: { type: 'restart', server_generation: serverGeneration, immediate: true },
    })),
  );
  logger.info({ queues: saved.length }, 'restored event queues');
  return saved.length;
}

export function saveQueues(store: MemoryQueueStore, file: string): void {
  writeFileSync(file, JSON.stringify(store.persist()));
}
