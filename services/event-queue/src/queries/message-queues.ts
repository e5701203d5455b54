import type { QueueStore } from '@chat/queue-store';
import { acceptsMessages } from '../lib/event-filter';

/** Zulip's receiver_is_off_zulip, inverted: of these users, those with a queue that accepts messages. */
export async function usersWithMessageQueues(store: QueueStore, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const queues = await store.queuesOfUsers(userIds);
  return [...new Set(queues.filter(acceptsMessages).map((q) => q.userId))].sort((a, b) => a - b);
}
