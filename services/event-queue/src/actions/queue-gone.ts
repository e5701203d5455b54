/**
 * A queue's end (garbage collection, or DELETE /events) and Zulip's missedmessage_hook: when the
 * queue was its user's last one that accepted messages, the notifications held while they were
 * present are asked of the message service, as a follow-up written to the database (so it
 * survives this process, and the message service's code stays its own). The store is shared by
 * every replica, so "last" is true across them; two replicas ending a user's last two queues at
 * once may both ask, which is harmless: the message service claims each held notification once.
 */
import { followUps } from '@chat/contracts';
import type { Database } from '@chat/db';
import { requestFollowUp } from '@chat/dispatch';
import type { QueueDescriptor, QueueStore } from '@chat/queue-store';
import { acceptsMessages } from '../lib/event-filter';

export interface QueueGoneDeps {
  store: QueueStore;
  db: Database;
}

/** Deletes the queue, then asks for the user's held notifications if no queue of theirs takes messages now. */
export async function endQueue(deps: QueueGoneDeps, queue: QueueDescriptor): Promise<void> {
  await deps.store.delete(queue.id);
  if (!acceptsMessages(queue)) return;
  const left = await deps.store.queuesOfUsers([queue.userId]);
  if (left.some(acceptsMessages)) return;
  await requestFollowUp(deps.db.knex, followUps.notifyAfterQueueGone, { realmId: queue.realmId, userId: queue.userId });
}
