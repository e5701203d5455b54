/** Writing the caller's key-value store (Zulip 2.1's zerver/lib/bot_storage.py): PUT and DELETE /bot_storage. */
import { check, checkDict } from '@chat/contracts';
import { anyOf } from '@chat/db';
import { plainError } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { checkKeys, KEY_MAX_LENGTH, length, pythonType, USER_STATE_SIZE_LIMIT } from '../lib/bot-storage';
import { loadActor } from '../queries/actor';
import { entriesSize, storageKeys, storageSize } from '../queries/bot-storage';
import { lockUserRow } from '../queries/users';

/** The `storage` parameter: a dict of string keys and string values. */
function checkStorage(rawStorage: unknown): [string, string][] {
  const entries = Object.entries(check<Record<string, unknown>>(checkDict([]), 'storage', rawStorage));
  for (const [key, value] of entries) {
    if (typeof value !== 'string') throw plainError(`Value type is <class '${pythonType(value)}'>, but should be str.`);
    if (length(key) > KEY_MAX_LENGTH) throw plainError(`Key is too long (limit: ${KEY_MAX_LENGTH} characters).`);
  }
  return entries as [string, string][];
}

/** PUT /bot_storage: adds or replaces entries, refused whole when the total would pass the limit. */
export async function updateBotStorage(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  rawStorage: unknown,
): Promise<Record<string, unknown>> {
  const pairs = checkStorage(rawStorage);
  await ctx.db.knex.transaction(async (trx) => {
    // One writer per account at a time, so two requests cannot each pass the limit together.
    await lockUserRow(trx, userId);
    await loadActor(trx, realmId, userId);
    const stored = await storageSize(trx, userId);
    const replaced = await entriesSize(
      trx,
      userId,
      pairs.map(([key]) => key),
    );
    const added = pairs.reduce((sum, [key, value]) => sum + length(key) + length(value), 0);
    const size = stored - replaced + added;
    if (size > USER_STATE_SIZE_LIMIT) {
      throw plainError(
        `Request exceeds storage limit by ${size - USER_STATE_SIZE_LIMIT} characters. The limit is ${USER_STATE_SIZE_LIMIT} characters.`,
      );
    }
    if (!pairs.length) return;
    await trx('bot_storage')
      .insert(pairs.map(([key, value]) => ({ user_id: userId, key, value })))
      .onConflict(['user_id', 'key'])
      .merge(['value']);
  });
  return {};
}

/** DELETE /bot_storage: removes the given keys (every entry without keys); a missing key removes none. */
export async function removeBotStorage(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  rawKeys: unknown,
): Promise<Record<string, unknown>> {
  const asked = checkKeys(rawKeys);
  await ctx.db.knex.transaction(async (trx) => {
    await loadActor(trx, realmId, userId);
    const keys = asked.length ? asked : await storageKeys(trx, userId);
    if (!keys.length) return;
    const removed: { id: number }[] = await trx('bot_storage')
      .where({ user_id: userId })
      .whereRaw(...anyOf('key', keys))
      .delete()
      .returning('id');
    // Zulip compares the rows found with the keys named, so a key named twice fails too.
    if (removed.length < keys.length) throw plainError('Key does not exist.');
  });
  return {};
}
