import type { Executor } from '@chat/db';

/**
 * Zulip's participants_for_topic, whom @**topic** mentions: everyone who sent a message to the
 * topic or reacted to one (the topic compared case-insensitively, as Zulip's `iexact`), in one
 * statement over the (recipient_id, lower(subject)) index. Zulip calls it costly on long topics,
 * so it runs only for a message that really has the mention.
 */
export async function topicParticipants(db: Executor, recipientId: number, topic: string): Promise<Set<number>> {
  const result = (await db.raw(
    `WITH topic_messages AS (SELECT id, sender_id FROM messages WHERE recipient_id = ? AND lower(subject) = lower(?))
     SELECT sender_id AS user_id FROM topic_messages
     UNION
     SELECT r.user_id FROM reactions r JOIN topic_messages t ON t.id = r.message_id`,
    [recipientId, topic],
  )) as { rows: { user_id: number }[] };
  return new Set(result.rows.map((row) => row.user_id));
}
