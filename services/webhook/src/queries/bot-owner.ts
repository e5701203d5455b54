import type { Knex } from 'knex';
import { getUserById, type UserRow } from '@chat/db';

/** The user who owns a bot, in the bot's realm; none for a user's own key or an owner gone from the realm. */
export async function botOwner(db: Knex, bot: UserRow): Promise<UserRow | undefined> {
  if (bot.bot_owner_id === null) return undefined;
  return getUserById(db, bot.realm_id, bot.bot_owner_id);
}
