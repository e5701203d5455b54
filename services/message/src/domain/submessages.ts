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
import { accessMessage } from './access';

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

export async function doAddSubmessage(db: Knex, user: UserRow, request: SubmessageRequest): Promise<void> {
  const { message } = await accessMessage(db, user, request.messageId);
  if (!isJson(request.content)) throw badRequest('Invalid json for submessage');
  await db.transaction(async (trx) => {
    const [row] = (await trx('submessages')
      .insert({ message_id: message.id, sender_id: user.id, msg_type: request.msgType, content: request.content })
      .returning('id')) as { id: number }[];
    const recipients: { user_id: number }[] = await trx('user_messages').where({ message_id: message.id }).select('user_id');
    const event: EventOf<'submessage'> = {
      type: 'submessage',
      message_id: message.id,
      submessage_id: row!.id,
      sender_id: user.id,
      msg_type: request.msgType,
      content: request.content,
    };
    await writeNotices(trx, [userEventNotice(user.realm_id, event, recipients.map((r) => r.user_id))]);
  });
}
