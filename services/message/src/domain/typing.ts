/**
 * POST /typing (Zulip 2.1's check_send_typing_notification): private conversations only. The
 * event names the sender and every member of the conversation (the sender included) and goes
 * to the active ones. Nothing is stored; the notice is written in a transaction of its own.
 *
 * `type` (feature levels 58, 174, 248) is absent or private/direct for those; stream/channel with
 * `stream_id` and `topic` name a topic. Zulip sends a topic's typing events only to queues that
 * declared the `stream_typing_notifications` client capability, which queues here cannot declare,
 * so such a request gets the answer Zulip gives a user who does not send them.
 */
import type { Knex } from 'knex';
import { writeNotices, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice } from '@chat/events';
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

export async function doTypingRequest(db: Knex, sender: UserRow, request: TypingRequest): Promise<void> {
  if (request.type === undefined || !TOPIC_TYPES.has(request.type)) return doSendTyping(db, sender, request.to, request.op);
  if (request.op !== 'start' && request.op !== 'stop') throw badRequest(INVALID_OP);
  if (request.streamId === undefined) throw badRequest('Missing stream_id');
  if (request.topic === undefined) throw badRequest('Missing topic');
  throw badRequest('User has disabled typing notifications for stream messages');
}

export async function doSendTyping(db: Knex, sender: UserRow, to: string[] | number[], op: string): Promise<void> {
  if (to.length === 0) throw badRequest("Missing parameter: 'to' (recipient)");
  if (op !== 'start' && op !== 'stop') throw badRequest(INVALID_OP);
  // Ids no user can have fail as unknown ones (the parameter layer refuses those past the column).
  for (const item of to) if (typeof item === 'number' && item < 1) throw badRequest(`Invalid user ID ${item}`);
  const users = await lookUpRecipientUsers(db, sender.realm_id, to);
  validateRecipientUsers(users, sender);
  const address = privateAddress(sender, users);
  const byId = new Map([sender, ...users].map((u) => [u.id, u]));
  const members = address.memberIds.map((id) => byId.get(id)).filter((u): u is UserRow => u !== undefined);
  const notice = userEventNotice(
    sender.realm_id,
    {
      type: 'typing',
      op,
      sender: { user_id: sender.id, email: sender.email },
      recipients: members.map((u) => ({ user_id: u.id, email: u.email })),
    },
    members.filter((u) => u.is_active).map((u) => u.id),
  );
  await db.transaction(async (trx) => {
    await writeNotices(trx, [notice]);
  });
}
