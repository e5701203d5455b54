/**
 * Addressing private messages as Zulip does: `to` names users by e-mail or id; the sender plus
 * one other user is a 1:1 conversation (the other user's personal recipient), the sender alone
 * is a note to self (their own personal recipient), and three or more people are a huddle
 * (recipients type 3), created on first use.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { anyOf, createRecipient, getUsersByEmails, RECIPIENT_HUDDLE, type Executor, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';

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
  const rows: UserRow[] = await db('users').where({ realm_id: realmId }).whereRaw(...anyOf('id', ids));
  const found = new Map(rows.map((u) => [u.id, u]));
  return ids.map((id) => {
    const user = found.get(id);
    if (!user) throw badRequest(`Invalid user ID ${id}`);
    return user;
  });
}

/** Zulip's validate_recipient_user_profiles. */
export function validateRecipientUsers(users: UserRow[], sender: UserRow, allowDeactivated = false): void {
  for (const user of users) {
    if (!user.is_active && !user.is_mirror_dummy && !allowDeactivated) {
      throw badRequest(`'${user.email}' is no longer using Zulip.`);
    }
    // Look-ups are realm-scoped, so this only guards callers that pass users from elsewhere.
    if (user.realm_id !== sender.realm_id) {
      throw badRequest("You can't send private messages outside of your organization.");
    }
  }
}

export type PrivateAddress =
  | { kind: 'personal'; userId: number; memberIds: number[] }
  | { kind: 'huddle'; memberIds: number[] };

/** Who a private message between `sender` and `users` goes to (Zulip's get_recipient_from_user_profiles). */
export function privateAddress(sender: UserRow, users: UserRow[]): PrivateAddress {
  const ids = new Set(users.map((u) => u.id));
  ids.add(sender.id);
  const memberIds = [...ids].sort((a, b) => a - b);
  if (ids.size > 2) return { kind: 'huddle', memberIds };
  const other = memberIds.find((id) => id !== sender.id) ?? sender.id;
  return { kind: 'personal', userId: other, memberIds };
}

export function huddleHash(memberIds: number[]): string {
  return createHash('sha1').update([...memberIds].sort((a, b) => a - b).join(',')).digest('hex');
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

/**
 * The recipient id, creating the huddle (and its recipients row) inside `trx` on first use. The
 * unique hash makes a concurrent creator wait for ours and then reuse it.
 */
export async function ensurePrivateRecipientId(trx: Knex.Transaction, realmId: number, address: PrivateAddress): Promise<number> {
  const existing = await findPrivateRecipientId(trx, address);
  if (existing !== null) return existing;
  if (address.kind === 'personal') throw new Error('unreachable');
  const hash = huddleHash(address.memberIds);
  const inserted: { id: number }[] = await trx('huddles')
    .insert({ realm_id: realmId, huddle_hash: hash, user_ids: address.memberIds })
    .onConflict('huddle_hash')
    .ignore()
    .returning('id');
  if (inserted[0]) {
    const recipientId = await createRecipient(trx, RECIPIENT_HUDDLE, inserted[0].id);
    await trx('huddles').where({ id: inserted[0].id }).update({ recipient_id: recipientId });
    return recipientId;
  }
  const again = await findPrivateRecipientId(trx, address);
  if (again === null) throw new Error('huddle vanished');
  return again;
}
