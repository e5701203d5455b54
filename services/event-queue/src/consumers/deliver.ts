/**
 * Turns bus records into queue events (Zulip's process_notification). For each record: the target
 * queues, those that accept the event, one atomic append per queue carrying the record's bus
 * position (the outbox's, kept across a broker that lost its stream), so neither a redelivered nor
 * a replayed record is appended twice. The record is acknowledged by the
 * bus adapter only after this resolves.
 */
import { dedupPosition, type BusRecord } from '@chat/bus';
import {
  DELIVERABLE_NOTICE_VERSIONS,
  eventWithEmptyTopicDisplayName,
  finalizeMessage,
  inAudience,
  type ClientEvent,
  type EventOf,
  type MessageNotice,
  type UserEventNotice,
} from '@chat/events';
import type { AppendEntry, QueueDescriptor, QueueStore } from '@chat/queue-store';
import { acceptsEventType, matchesNarrow } from '../lib/event-filter';

export async function deliverRecord(store: QueueStore, record: BusRecord): Promise<number> {
  const { notice } = record.payload;
  if (!DELIVERABLE_NOTICE_VERSIONS.includes(notice.v)) {
    // Leave it for a replica that knows this version (a rolling upgrade); the bus redelivers it.
    throw new Error(`unknown notice version ${String(notice.v)}`);
  }
  const entries = notice.kind === 'message' ? await messageEntries(store, notice) : await eventEntries(store, notice);
  if (entries.length === 0) return 0;
  const ids = await store.append(entries, dedupPosition(record), record.payload.txId);
  return ids.filter((id) => id !== null).length;
}

async function messageEntries(store: QueueStore, notice: MessageNotice): Promise<AppendEntry[]> {
  const flagsByUser = new Map(notice.users.map((u) => [u.id, u.flags]));
  const queues = new Map<string, QueueDescriptor>();
  for (const queue of await store.queuesOfUsers([...flagsByUser.keys()])) queues.set(queue.id, queue);
  if (notice.publicStream) {
    // all_public_streams and narrowed queues see public-stream messages they were not sent.
    for (const queue of await store.publicStreamQueues(notice.realmId)) if (!queues.has(queue.id)) queues.set(queue.id, queue);
  }
  // One finalized copy per rendering variant, shared by every queue that wants it. Only a
  // message in the empty topic asks each queue for its empty_topic_name capability.
  const variants = new Map<string, Record<string, unknown>>();
  const emptyTopic = notice.message.type === 'stream' && notice.message.subject === '';
  const entries: AppendEntry[] = [];
  for (const queue of queues.values()) {
    const flags = flagsByUser.get(queue.userId) ?? [];
    if (!acceptsEventType(queue, 'message') || !matchesNarrow(queue.narrow, notice.message, flags)) continue;
    const allowEmptyTopicName = !emptyTopic || hasEmptyTopicName(queue);
    const variantKey = `${queue.applyMarkdown}:${queue.clientGravatar}`;
    const key = allowEmptyTopicName ? variantKey : `${variantKey}:display-name`;
    let message = variants.get(key);
    if (!message) {
      message = finalizeMessage(notice.message, {
        applyMarkdown: queue.applyMarkdown,
        clientGravatar: queue.clientGravatar,
        allowEmptyTopicName,
      });
      variants.set(key, message);
    }
    const event: AppendEntry['event'] = { type: 'message', message, flags };
    if (notice.localId !== undefined && notice.senderQueueId === queue.id) event.local_message_id = notice.localId;
    entries.push({ queueId: queue.id, event });
  }
  return entries;
}

async function eventEntries(store: QueueStore, notice: UserEventNotice): Promise<AppendEntry[]> {
  const queues = await store.queuesOfUsers(notice.userIds);
  const withoutSubscribers = hasSubscriberLists(notice.event) ? stripSubscribers(notice.event) : notice.event;
  // The same object unless the event names an empty topic: only then is a queue's capability read.
  // (Events naming topics never carry subscriber lists, so the two shapes never combine.)
  const withDisplayName = eventWithEmptyTopicDisplayName(notice.event);
  const shapeFor = (queue: QueueDescriptor): ClientEvent => {
    if (withDisplayName !== notice.event && !hasEmptyTopicName(queue)) return withDisplayName;
    return queue.includeSubscribers ? notice.event : withoutSubscribers;
  };
  return queues
    .filter((queue) => acceptsEventType(queue, notice.event.type) && inAudience(queue.capabilities, notice.audience))
    .map((queue) => ({ queueId: queue.id, event: shapeFor(queue) }));
}

/** Whether the queue reads `""` topics as they are (else as the realm's display name). */
function hasEmptyTopicName(queue: QueueDescriptor): boolean {
  return queue.capabilities?.includes('empty_topic_name') === true;
}

type SubscriptionAdd = Extract<EventOf<'subscription'>, { op: 'add' }>;

/** Zulip's subscription `add` carries each stream's subscribers; queues without include_subscribers drop them. */
function hasSubscriberLists(event: ClientEvent): event is SubscriptionAdd {
  return event.type === 'subscription' && event.op === 'add' && Array.isArray(event.subscriptions);
}

function stripSubscribers(event: SubscriptionAdd): SubscriptionAdd {
  const subscriptions = event.subscriptions.map(({ subscribers: _s, ...rest }) => rest);
  return { ...event, subscriptions };
}
