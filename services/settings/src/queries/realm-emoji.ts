/** The realm's custom emoji (Zulip 2.1's realm.get_emoji()) and their images. */
import type { Executor } from '@chat/db';
import type { StoredFile } from '@chat/storage';
import { realmEmojiDict } from '@chat/views';
import type { SettingsContext } from '../deps';
import { servedImageType } from '../lib/served-images';

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

/** The image stored under `key` (the rest of a URL after /user_avatars/), when it is one that path serves. */
export async function servedImage(ctx: SettingsContext, key: string): Promise<{ file: StoredFile; contentType: string } | undefined> {
  const contentType = servedImageType(key);
  const file = contentType === undefined ? undefined : await ctx.files.get(key);
  return file && contentType ? { file, contentType } : undefined;
}
