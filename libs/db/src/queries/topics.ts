import type { Executor } from '../connect';

export interface TopicSummary {
  name: string;
  max_id: number;
}

/**
 * The topics of a stream, newest first, as Zulip's get_topic_history_for_stream: one entry per
 * topic regardless of case, named as its most recent message spells it. When the stream's history
 * is not public to subscribers, only messages the user received count (`userId`).
 *
 * Reads the message service's tables; it lives here so the subscription service never imports
 * the message service.
 */
export async function topicHistoryForStream(db: Executor, recipientId: number, onlyReceivedBy: number | null): Promise<TopicSummary[]> {
  const query = db('messages as m')
    .where('m.recipient_id', recipientId)
    .groupBy('m.subject')
    .select('m.subject as topic')
    .max({ max_id: 'm.id' });
  if (onlyReceivedBy !== null) {
    query.join('user_messages as um', 'um.message_id', 'm.id').where('um.user_id', onlyReceivedBy);
  }
  const rows = (await query) as { topic: string; max_id: number | string }[];
  // Oldest first, so the newest spelling of a topic is the one left in the map.
  const ordered = rows.map((r) => ({ topic: r.topic, maxId: Number(r.max_id) })).sort((a, b) => a.maxId - b.maxId);
  const byCanonical = new Map<string, TopicSummary>();
  for (const row of ordered) byCanonical.set(row.topic.toLowerCase(), { name: row.topic, max_id: row.maxId });
  return [...byCanonical.values()].sort((a, b) => b.max_id - a.max_id);
}
