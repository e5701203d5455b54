/**
 * DELETE /messages/{id}: permanent removal (Zulip's delete_message_backend and
 * validate_can_delete_message). Administrators may delete anything; others only their own
 * messages, when the realm allows it (off by default in 2.1) and within its time limit.
 */
import type { Knex } from 'knex';
import { writeNotices, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { accessMessageToChange } from '../queries/access';
import type { MessageRow } from '../queries/messages';
import { messagePolicy } from '../queries/realm-policy';
import { messageHolderIds } from '../queries/user-messages';
import { userEmail } from '../queries/users';
import { deleteMessageNotices } from './delete-notices';

/** The message if `user` may delete it. */
export async function checkDeleteMessage(db: Knex, user: UserRow, messageId: number): Promise<MessageRow> {
  const { message } = await accessMessageToChange(db, user, messageId);
  if (user.role !== 'admin') {
    if (message.sender_id !== user.id) throw badRequest("You don't have permission to delete this message");
    const policy = await messagePolicy(db, user.realm_id);
    if (!policy.allowMessageDeleting) throw badRequest("You don't have permission to delete this message");
    const limit = policy.messageContentDeleteLimitSeconds;
    if (limit > 0 && Date.now() - new Date(message.date_sent).getTime() > limit * 1000) {
      throw badRequest('The time limit for deleting this message has passed');
    }
  }
  return message;
}

export async function doDeleteMessage(db: Knex, user: UserRow, message: MessageRow): Promise<void> {
  await db.transaction(async (trx) => {
    const senderEmail = await userEmail(trx, message.sender_id);
    const holders = await messageHolderIds(trx, message.id);
    const removed = await trx('messages').where({ id: message.id }).del();
    // Someone else deleted it between our read and this transaction.
    if (removed === 0) throw badRequest('Message already deleted');
    await trx('user_messages').where({ message_id: message.id }).del();
    const deleted = { id: message.id, senderId: message.sender_id, senderEmail, holders };
    const place =
      message.stream_id === null ? { recipientId: message.recipient_id } : { streamId: message.stream_id, topic: message.subject };
    await writeNotices(trx, deleteMessageNotices(message.realm_id, [deleted], place, user.id));
  });
}
