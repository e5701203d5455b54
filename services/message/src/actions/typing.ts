/**
 * POST /typing (Zulip's check_send_typing_notification and do_send_typing_notification, and from
 * feature level 58 do_send_stream_typing_notification). Nothing is stored; the notice is written
 * in a transaction of its own.
 *
 * A private conversation's event names the sender and every member (the sender included) and
 * goes to the active members. A topic's (`type` stream/channel with `stream_id` and `topic`) goes
 * to the stream's active subscribers, and only to queues that declared the
 * `stream_typing_notifications` client capability, as in Zulip. A sender who switched off
 * sending typing notifications for that kind of conversation gets Zulip's error.
 */
import type { Knex } from 'knex';
import { streamSubscriberIds, writeNotices, type StreamRow, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { emptyTopicAliasResolved, noticesByCapability, userEventNotice, type UserEventNotice } from '@chat/events';
import { laterSettings } from '@chat/views';
import { privateAddress, validateRecipientUsers } from '../lib/private-address';
import { accessStreamById } from '../queries/access';
import { lookUpRecipientUsers } from '../queries/recipients';

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

/** A typing notification checkTypingNotification admitted: a stream's topic, or a private conversation's members. */
export type CheckedTyping =
  { kind: 'stream'; op: TypingOp; stream: StreamRow; topic: string } | { kind: 'direct'; op: TypingOp; members: UserRow[] };

/** Zulip's check_send_typing_notification: the conversation and the sender's right to say they type there. */
export async function checkTypingNotification(db: Knex, sender: UserRow, request: TypingRequest): Promise<CheckedTyping> {
  if (request.type === undefined || !TOPIC_TYPES.has(request.type)) return checkDirectTyping(db, sender, request.to, request.op);
  const op = checkOp(request.op);
  if (request.streamId === undefined) throw badRequest('Missing stream_id');
  if (request.topic === undefined) throw badRequest('Missing topic');
  if (laterSettings(sender).send_stream_typing_notifications === false)
    throw badRequest('User has disabled typing notifications for stream messages');
  const stream = await accessStreamById(db, sender, request.streamId);
  // The empty topic's other names mean "" here too (feature level 372), so typing matches the messages.
  return { kind: 'stream', op, stream, topic: emptyTopicAliasResolved(request.topic) };
}

async function checkDirectTyping(db: Knex, sender: UserRow, to: string[] | number[], rawOp: string): Promise<CheckedTyping> {
  if (to.length === 0) throw badRequest("Missing parameter: 'to' (recipient)");
  const op = checkOp(rawOp);
  // Ids no user can have fail as unknown ones (the parameter layer refuses those past the column).
  for (const item of to) if (typeof item === 'number' && item < 1) throw badRequest(`Invalid user ID ${item}`);
  const users = await lookUpRecipientUsers(db, sender.realm_id, to);
  validateRecipientUsers(users, sender);
  if (laterSettings(sender).send_private_typing_notifications === false)
    throw badRequest('User has disabled typing notifications for direct messages');
  const address = privateAddress(sender, users);
  const byId = new Map([sender, ...users].map((u) => [u.id, u]));
  const members = address.memberIds.map((id) => byId.get(id)).filter((u): u is UserRow => u !== undefined);
  return { kind: 'direct', op, members };
}

/** A topic's notice: to the stream's active subscribers whose queues declared stream_typing_notifications. */
async function streamTypingNotices(
  db: Knex,
  sender: UserRow,
  { op, stream, topic }: { op: TypingOp; stream: StreamRow; topic: string },
): Promise<UserEventNotice[]> {
  const event = {
    type: 'typing',
    op,
    message_type: 'stream',
    sender: { user_id: sender.id, email: sender.email },
    stream_id: stream.id,
    topic,
  } as const;
  const subscribers = (await streamSubscriberIds(db, stream.id)).sort((a, b) => a - b);
  return noticesByCapability(sender.realm_id, 'stream_typing_notifications', { declared: [event], otherwise: [] }, subscribers);
}

/** A private conversation's notice: it names every member (the sender included) and goes to the active ones. */
function directTypingNotice(sender: UserRow, op: TypingOp, members: UserRow[]): UserEventNotice {
  const event = {
    type: 'typing',
    op,
    // 'direct' is 'private''s name from feature level 215.
    message_type: 'direct',
    sender: { user_id: sender.id, email: sender.email },
    recipients: members.map((u) => ({ user_id: u.id, email: u.email })),
  } as const;
  return userEventNotice(
    sender.realm_id,
    event,
    members.filter((u) => u.is_active).map((u) => u.id),
  );
}

/** Zulip's do_send_typing_notification: nothing is stored, the notices go in a transaction of their own. */
export async function doSendTypingNotification(db: Knex, sender: UserRow, checked: CheckedTyping): Promise<void> {
  const notices =
    checked.kind === 'stream' ? await streamTypingNotices(db, sender, checked) : [directTypingNotice(sender, checked.op, checked.members)];
  await db.transaction(async (trx) => {
    await writeNotices(trx, notices);
  });
}
