/** Reads of user_messages, the per-user rows of messages (who has a message, with which flags). */
import type { Knex } from 'knex';
import { anyOf, type Executor } from '@chat/db';

/** Who has a row for the message: the audience of its reaction, submessage and delete events. */
export async function messageHolderIds(db: Executor, messageId: number): Promise<number[]> {
  const rows: { user_id: number }[] = await db('user_messages').where({ message_id: messageId }).select('user_id');
  return rows.map((r) => r.user_id);
}

/** Each holder of the message with their flag bits. */
export async function messageHolderFlags(db: Executor, messageId: number): Promise<{ user_id: number; flags: number }[]> {
  return db('user_messages').where({ message_id: messageId }).select('user_id', 'flags');
}

/** The holders of each of the messages. */
export async function holdersOfMessages(db: Executor, messageIds: number[]): Promise<{ message_id: number; user_id: number }[]> {
  return db('user_messages')
    .whereRaw(...anyOf('message_id', messageIds))
    .select('message_id', 'user_id');
}

/** How many of the messages the user has a row for. */
export async function countOwnRows(db: Executor, userId: number, messageIds: number[]): Promise<number> {
  const row = (await db('user_messages')
    .where('user_id', userId)
    .whereRaw(...anyOf('message_id', messageIds))
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** The user's rows of a stream's messages, or of one of its topics (compared case-insensitively). */
function inStreamOrTopic(query: Knex.QueryBuilder, userId: number, recipientId: number, topic: string | undefined): Knex.QueryBuilder {
  query.where('um.user_id', userId).where('m.recipient_id', recipientId);
  if (topic !== undefined) query.whereRaw('lower(m.subject) = lower(?)', [topic]);
  return query;
}

/** Whether the user received any message of the stream's topic. */
export async function receivedInTopic(db: Knex, userId: number, recipientId: number, topic: string): Promise<boolean> {
  const query = db('user_messages as um').join('messages as m', 'm.id', 'um.message_id').first('um.message_id');
  return (await inStreamOrTopic(query, userId, recipientId, topic)) !== undefined;
}

/** The user's unread messages in the stream (or its topic), in id order. */
export async function unreadIdsIn(db: Executor, userId: number, recipientId: number, topic: string | undefined): Promise<number[]> {
  const query = db('user_messages as um')
    .join('messages as m', 'm.id', 'um.message_id')
    .whereRaw('(um.flags & 1) = 0')
    .select('um.message_id');
  const rows = (await inStreamOrTopic(query, userId, recipientId, topic)) as { message_id: number }[];
  return rows.map((r) => r.message_id).sort((a, b) => a - b);
}
