/** The realm's custom emoji (Zulip 2.1's realm.get_emoji()) and their images. */
import type { Executor } from '@chat/db';
import { realmEmojiDict } from '@chat/views';
import type { SettingsContext } from '../deps';

/** GET /realm/emoji. */
export async function listRealmEmoji(ctx: SettingsContext, realmId: number): Promise<Record<string, unknown>> {
  return { emoji: await realmEmojiDict(ctx.db.knex, realmId) };
}

/** Whether an active emoji of the realm has the name. */
export async function isEmojiNameTaken(db: Executor, realmId: number, name: string): Promise<boolean> {
  return (await db('realm_emoji').where({ realm_id: realmId, name, deactivated: false }).first('id')) !== undefined;
}

/** The active emoji of that name, locked for its deactivation. */
export async function lockActiveEmoji(
  trx: Executor,
  realmId: number,
  name: string,
): Promise<{ id: number; author_id: number | null } | undefined> {
  return trx('realm_emoji').where({ realm_id: realmId, name, deactivated: false }).forUpdate().first();
}
