/** The messages of a stream's topic that POST /streams/{id}/delete_topic removes. */
import type { Knex } from 'knex';
import type { StreamRow, UserRow } from '@chat/db';

export interface TopicMessage {
  id: number;
  sender_id: number;
  subject: string;
  sender_email: string;
}

/**
 * The topic's messages (compared case-insensitively) in id order, locked for their deletion; in a
 * stream whose history is not public to subscribers, only those `user` received.
 */
export async function topicMessagesForDeletion(
  trx: Knex.Transaction,
  user: UserRow,
  stream: StreamRow,
  topic: string,
): Promise<TopicMessage[]> {
  const query = trx('messages as m')
    .join('users as s', 's.id', 'm.sender_id')
    .where('m.recipient_id', stream.recipient_id)
    .whereRaw('lower(m.subject) = lower(?)', [topic])
    .select('m.id', 'm.sender_id', 'm.subject', 's.email as sender_email')
    .orderBy('m.id', 'asc')
    .forUpdate('m');
  if (!stream.history_public_to_subscribers) {
    query.whereExists(function ownRow() {
      this.select(1).from('user_messages as um').whereRaw('um.message_id = m.id').andWhere('um.user_id', user.id);
    });
  }
  return (await query) as TopicMessage[];
}
