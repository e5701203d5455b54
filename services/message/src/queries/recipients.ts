/**
 * The users and the recipient a private message's `to` names: users by e-mail or id (unknown
 * ones fail as Zulip's get_user_profiles does), and the recipient of an existing conversation.
 */
import { anyOf, getUsersByEmails, type Executor, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { huddleHash, type PrivateAddress } from '../lib/private-address';

/** The users `to` names, in order; unknown ones fail as Zulip's get_user_profiles does. */
export async function lookUpRecipientUsers(db: Executor, realmId: number, to: string[] | number[]): Promise<UserRow[]> {
  if (to.length === 0) return [];
  if (typeof to[0] === 'string') {
    const emails = to as string[];
    const found = new Map((await getUsersByEmails(db, realmId, emails)).map((u) => [u.email.toLowerCase(), u]));
    return emails.map((email) => {
      const user = found.get(email.trim().toLowerCase());
      if (!user) throw badRequest(`Invalid email '${email}'`);
      return user;
    });
  }
  const ids = to as number[];
  const rows: UserRow[] = await db('users')
    .where({ realm_id: realmId })
    .whereRaw(...anyOf('id', ids));
  const found = new Map(rows.map((u) => [u.id, u]));
  return ids.map((id) => {
    const user = found.get(id);
    if (!user) throw badRequest(`Invalid user ID ${id}`);
    return user;
  });
}

async function personalRecipientId(db: Executor, userId: number): Promise<number> {
  const row: { recipient_id: number | null } | undefined = await db('users').where({ id: userId }).first('recipient_id');
  if (!row?.recipient_id) throw new Error(`user ${userId} has no personal recipient`);
  return row.recipient_id;
}

/** The recipient id of an existing conversation, or null when the huddle was never used. */
export async function findPrivateRecipientId(db: Executor, address: PrivateAddress): Promise<number | null> {
  if (address.kind === 'personal') return personalRecipientId(db, address.userId);
  const row: { recipient_id: number | null } | undefined = await db('huddles')
    .where({ huddle_hash: huddleHash(address.memberIds) })
    .first('recipient_id');
  return row?.recipient_id ?? null;
}
