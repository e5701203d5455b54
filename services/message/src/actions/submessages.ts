/**
 * POST /submessage (Zulip 2.1's process_submessage and do_add_submessage): anyone who can read a
 * message may attach a submessage to it (a poll vote, a todo item), whose content must be JSON.
 * The `submessage` event goes to everyone with a user_messages row for the message, as Zulip
 * sends it; a reader who never received the message gets no row, as in 2.1.
 */
import type { Knex } from 'knex';
import { writeNotices, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice, type EventOf } from '@chat/events';
import { accessMessage } from '../queries/access';
import type { MessageRow } from '../queries/messages';
import { messageHolderIds } from '../queries/user-messages';

export interface SubmessageRequest {
  messageId: number;
  msgType: string;
  content: string;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The message if `user` may read it, and the content if it is JSON. */
export async function checkAddSubmessage(db: Knex, user: UserRow, request: SubmessageRequest): Promise<MessageRow> {
  const { message } = await accessMessage(db, user, request.messageId);
  if (!isJson(request.content)) throw badRequest('Invalid json for submessage');
  return message;
}

export async function doAddSubmessage(db: Knex, user: UserRow, message: MessageRow, request: SubmessageRequest): Promise<void> {
  await db.transaction(async (trx) => {
    const [row] = (await trx('submessages')
      .insert({ message_id: message.id, sender_id: user.id, msg_type: request.msgType, content: request.content })
      .returning('id')) as { id: number }[];
    const event: EventOf<'submessage'> = {
      type: 'submessage',
      message_id: message.id,
      submessage_id: row!.id,
      sender_id: user.id,
      msg_type: request.msgType,
      content: request.content,
    };
    await writeNotices(trx, [userEventNotice(user.realm_id, event, await messageHolderIds(trx, message.id))]);
  });
}
