/**
 * POST /typing (Zulip 2.1's check_send_typing_notification): private conversations only. The
 * event names the sender and every member of the conversation (the sender included) and goes
 * to the active ones. Nothing is stored; the notice is written in a transaction of its own.
 */
import type { Knex } from 'knex';
import { writeNotices, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import { lookUpRecipientUsers, privateAddress, validateRecipientUsers } from './recipients';

export async function doSendTyping(db: Knex, sender: UserRow, to: string[] | number[], op: string): Promise<void> {
  if (to.length === 0) throw badRequest("Missing parameter: 'to' (recipient)");
  if (op !== 'start' && op !== 'stop') throw badRequest("Invalid 'op' value (should be start or stop)");
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
