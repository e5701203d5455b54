/**
 * POST /submessage (Zulip's process_submessage and do_add_submessage): a poll vote, a to-do item.
 * The message's sender attaches the first submessage; once they have, anyone who can read the
 * message may (Zulip's verify_submessage_sender), so nobody hangs data on another person's plain
 * message. The content must be JSON and, for a poll or a to-do list, one of the widget's changes.
 * On purpose beyond Zulip, one sender adds at most MAX_SUBMESSAGES_PER_SENDER to a message (the
 * content's length is capped by the declaration), so a reader's fetch stays small.
 * The `submessage` event goes to everyone with a user_messages row for the message, as Zulip
 * sends it; a reader who never received the message gets no row, as in 2.1.
 */
import type { Knex } from 'knex';
import { MAX_SUBMESSAGES_PER_SENDER } from '@chat/contracts';
import { writeNotices, type Executor, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice, type EventOf } from '@chat/events';
import { widgetChangeError, widgetTypeOf } from '../lib/widget-changes';
import { accessMessageToChange } from '../queries/access';
import type { MessageRow } from '../queries/messages';
import { messageHolderIds } from '../queries/user-messages';

export interface SubmessageRequest {
  messageId: number;
  msgType: string;
  content: string;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The message's widget submessage (the first of type `widget`) and whether its sender has any submessage on it. */
async function submessageFacts(db: Executor, message: MessageRow): Promise<{ senderStarted: boolean; widgetContent?: string }> {
  const rows: { sender_id: number; msg_type: string; content: string }[] = await db('submessages')
    .where({ message_id: message.id })
    .andWhere((q) => {
      q.where({ sender_id: message.sender_id }).orWhere({ msg_type: 'widget' });
    })
    .orderBy('id')
    .select('sender_id', 'msg_type', 'content');
  return {
    senderStarted: rows.some((row) => row.sender_id === message.sender_id),
    widgetContent: rows.find((row) => row.msg_type === 'widget')?.content,
  };
}

/** The message if `user` may attach this submessage to it; reads only. */
export async function checkAddSubmessage(db: Knex, user: UserRow, request: SubmessageRequest): Promise<MessageRow> {
  const { message } = await accessMessageToChange(db, user, request.messageId);
  const facts = await submessageFacts(db, message);
  const isAuthor = message.sender_id === user.id;
  if (!isAuthor && !facts.senderStarted) throw badRequest('You cannot attach a submessage to this message.');
  const data = parseJson(request.content);
  if (!data.ok) throw badRequest('Invalid json for submessage');
  const error = widgetChangeError(widgetTypeOf(facts.widgetContent), data.value, isAuthor);
  if (error) throw badRequest(error);
  return message;
}

export async function doAddSubmessage(db: Knex, user: UserRow, message: MessageRow, request: SubmessageRequest): Promise<void> {
  await db.transaction(async (trx) => {
    // The message row's lock orders one sender's concurrent submessages, so the count below holds.
    await trx('messages').where({ id: message.id }).forUpdate().first('id');
    const [{ n }] = (await trx('submessages').where({ message_id: message.id, sender_id: user.id }).count({ n: '*' })) as [
      { n: string | number },
    ];
    if (Number(n) >= MAX_SUBMESSAGES_PER_SENDER) {
      throw badRequest(`You cannot attach more than ${MAX_SUBMESSAGES_PER_SENDER} submessages to a message.`);
    }
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
