/**
 * POST /streams/{stream_id}/delete_topic (Zulip 2.1's delete_in_topic): an administrator removes
 * every message of a topic (compared case-insensitively) for good. In a stream whose history is
 * not public to subscribers, only the messages the administrator received go. Each removed
 * message gets the delete_message event DELETE /messages/{id} sends, to those who had it.
 */
import type { Knex } from 'knex';
import { anyOf, getStreamById, isSubscribed, writeNotices, type UserRow } from '@chat/db';
import { ApiError } from '@chat/errors';
import { deleteMessageNotices } from './delete-notices';
import { invalidStreamId } from './access';

export async function doDeleteTopic(db: Knex, user: UserRow, streamId: number, topic: string): Promise<void> {
  if (user.role !== 'admin') throw new ApiError('Must be an organization administrator', { code: 'UNAUTHORIZED_PRINCIPAL' });
  const stream = await getStreamById(db, user.realm_id, streamId);
  // Zulip's access_stream_by_id: a private stream is reachable only by its subscribers.
  if (!stream || (stream.invite_only && !(await isSubscribed(db, user.id, stream.id)))) throw invalidStreamId();
  await db.transaction(async (trx) => {
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
    const messages: { id: number; sender_id: number; subject: string; sender_email: string }[] = await query;
    if (messages.length === 0) return;
    const ids = messages.map((m) => m.id);
    const holders: { message_id: number; user_id: number }[] = await trx('user_messages')
      .whereRaw(...anyOf('message_id', ids))
      .select('message_id', 'user_id');
    await trx('user_messages').whereRaw(...anyOf('message_id', ids)).del();
    await trx('messages').whereRaw(...anyOf('id', ids)).del();
    // Topics compare case-insensitively: each spelling is its own place, as the messages say.
    const spellings = [...new Set(messages.map((m) => m.subject))];
    const notices = spellings.flatMap((topic) =>
      deleteMessageNotices(
        user.realm_id,
        messages
          .filter((m) => m.subject === topic)
          .map((m) => ({ id: m.id, senderId: m.sender_id, senderEmail: m.sender_email, holders: holders.filter((h) => h.message_id === m.id).map((h) => h.user_id) })),
        { streamId: stream.id, topic },
        user.id,
      ),
    );
    await writeNotices(trx, notices);
  });
}
