/**
 * POST /streams/{stream_id}/delete_topic (Zulip 2.1's delete_in_topic): an administrator removes
 * every message of a topic (compared case-insensitively) for good. In a stream whose history is
 * not public to subscribers, only the messages the administrator received go. Each removed
 * message gets the delete_message event DELETE /messages/{id} sends, to those who had it.
 */
import type { Knex } from 'knex';
import { anyOf, getStreamById, isSubscribed, writeNotices, type StreamRow, type UserRow } from '@chat/db';
import { ApiError } from '@chat/errors';
import { invalidStreamId } from '../queries/access';
import { topicMessagesForDeletion } from '../queries/topic-messages';
import { holdersOfMessages } from '../queries/user-messages';
import { deleteMessageNotices } from './delete-notices';

/** The stream if `user` is an administrator who may reach it. */
export async function checkDeleteTopic(db: Knex, user: UserRow, streamId: number): Promise<StreamRow> {
  if (user.role !== 'admin') throw new ApiError('Must be an organization administrator', { code: 'UNAUTHORIZED_PRINCIPAL' });
  const stream = await getStreamById(db, user.realm_id, streamId);
  // Zulip's access_stream_by_id: a private stream is reachable only by its subscribers.
  if (!stream || (stream.invite_only && !(await isSubscribed(db, user.id, stream.id)))) throw invalidStreamId();
  return stream;
}

export async function doDeleteTopic(db: Knex, user: UserRow, stream: StreamRow, topic: string): Promise<void> {
  await db.transaction(async (trx) => {
    const messages = await topicMessagesForDeletion(trx, user, stream, topic);
    if (messages.length === 0) return;
    const ids = messages.map((m) => m.id);
    const holders = await holdersOfMessages(trx, ids);
    await trx('user_messages')
      .whereRaw(...anyOf('message_id', ids))
      .del();
    await trx('messages')
      .whereRaw(...anyOf('id', ids))
      .del();
    // Topics compare case-insensitively: each spelling is its own place, as the messages say.
    const spellings = [...new Set(messages.map((m) => m.subject))];
    const notices = spellings.flatMap((topic) =>
      deleteMessageNotices(
        user.realm_id,
        messages
          .filter((m) => m.subject === topic)
          .map((m) => ({
            id: m.id,
            senderId: m.sender_id,
            senderEmail: m.sender_email,
            holders: holders.filter((h) => h.message_id === m.id).map((h) => h.user_id),
          })),
        { streamId: stream.id, topic },
        user.id,
      ),
    );
    await writeNotices(trx, notices);
  });
}
