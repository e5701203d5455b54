/**
 * POST /typing (Zulip's check_send_typing_notification and, from feature level 58,
 * do_send_stream_typing_notification). Nothing is stored; the notice is written in a
 * transaction of its own.
 *
 * A private conversation's event names the sender and every member (the sender included) and
 * goes to the active members. A topic's (`type` stream/channel with `stream_id` and `topic`) goes
 * to the stream's active subscribers, and only to queues that declared the
 * `stream_typing_notifications` client capability, as in Zulip. A sender who switched off
 * sending typing notifications for that kind of conversation gets Zulip's error.
 */
import type { Knex } from 'knex';
import { streamSubscriberIds, writeNotices, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { noticesByCapability, userEventNotice, type UserEventNotice } from '@chat/events';
import { laterSettings } from '@chat/views';
import { accessStreamById } from './access';
import { lookUpRecipientUsers, privateAddress, validateRecipientUsers } from './recipients';

export interface TypingRequest {
  op: string;
  type: string | undefined;
  to: string[] | number[];
  streamId: number | undefined;
  topic: string | undefined;
}

const TOPIC_TYPES = new Set(['stream', 'channel']);
const INVALID_OP = "Invalid 'op' value (should be start or stop)";

type TypingOp = 'start' | 'stop';

function checkOp(op: string): TypingOp {
  if (op !== 'start' && op !== 'stop') throw badRequest(INVALID_OP);
  return op;
}

export async function doTypingRequest(db: Knex, sender: UserRow, request: TypingRequest): Promise<void> {
  if (request.type === undefined || !TOPIC_TYPES.has(request.type)) return doSendTyping(db, sender, request.to, request.op);
  const op = checkOp(request.op);
  if (request.streamId === undefined) throw badRequest('Missing stream_id');
  if (request.topic === undefined) throw badRequest('Missing topic');
  if (laterSettings(sender).send_stream_typing_notifications === false) throw badRequest('User has disabled typing notifications for stream messages');
  const stream = await accessStreamById(db, sender, request.streamId);
  const event = {
    type: 'typing',
    op,
    message_type: 'stream',
    sender: { user_id: sender.id, email: sender.email },
    stream_id: stream.id,
    topic: request.topic,
  } as const;
  const subscribers = (await streamSubscriberIds(db, stream.id)).sort((a, b) => a - b);
  await send(db, noticesByCapability(sender.realm_id, 'stream_typing_notifications', { declared: [event], otherwise: [] }, subscribers));
}

export async function doSendTyping(db: Knex, sender: UserRow, to: string[] | number[], rawOp: string): Promise<void> {
  if (to.length === 0) throw badRequest("Missing parameter: 'to' (recipient)");
  const op = checkOp(rawOp);
  // Ids no user can have fail as unknown ones (the parameter layer refuses those past the column).
  for (const item of to) if (typeof item === 'number' && item < 1) throw badRequest(`Invalid user ID ${item}`);
  const users = await lookUpRecipientUsers(db, sender.realm_id, to);
  validateRecipientUsers(users, sender);
  if (laterSettings(sender).send_private_typing_notifications === false) throw badRequest('User has disabled typing notifications for direct messages');
  const address = privateAddress(sender, users);
  const byId = new Map([sender, ...users].map((u) => [u.id, u]));
  const members = address.memberIds.map((id) => byId.get(id)).filter((u): u is UserRow => u !== undefined);
  const event = {
    type: 'typing',
    op,
    // 'direct' is 'private''s name from feature level 215.
    message_type: 'direct',
    sender: { user_id: sender.id, email: sender.email },
    recipients: members.map((u) => ({ user_id: u.id, email: u.email })),
  } as const;
  await send(db, [userEventNotice(sender.realm_id, event, members.filter((u) => u.is_active).map((u) => u.id))]);
}

async function send(db: Knex, notices: UserEventNotice[]): Promise<void> {
  await db.transaction(async (trx) => {
    await writeNotices(trx, notices);
  });
}
