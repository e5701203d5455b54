/** Who receives an event: the user ids a notice is addressed to. */
import type { Executor, UserRow } from '@chat/db';

/** Zulip's active_user_ids: every active account of the realm, bots included. */
export async function activeUserIds(db: Executor, realmId: number): Promise<number[]> {
  const rows: { id: number }[] = await db('users').where({ realm_id: realmId, is_active: true }).orderBy('id').select('id');
  return rows.map((r) => r.id);
}

/** The realm's active human administrators. */
export async function humanAdminIds(db: Executor, realmId: number): Promise<number[]> {
  const rows: { id: number }[] = await db('users').where({ realm_id: realmId, role: 'admin', is_bot: false, is_active: true }).select('id');
  return rows.map((r) => r.id);
}

/** Zulip's bot_owner_user_ids: the realm's human administrators and the bot's owner see realm_bot events. */
export async function botOwnerUserIds(db: Executor, bot: UserRow): Promise<number[]> {
  const ids = new Set(await humanAdminIds(db, bot.realm_id));
  if (bot.bot_owner_id !== null) ids.add(bot.bot_owner_id);
  return [...ids].sort((a, b) => a - b);
}
