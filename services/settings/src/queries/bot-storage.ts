/**
 * The caller's key-value store (Zulip 2.1's zerver/lib/bot_storage.py): what the bots framework's
 * StateHandler reads through /bot_storage. Zulip serves it to any account, a human's too (its own
 * test stores a human's entries), so no bot check here either.
 */
import { anyOf, type Executor } from '@chat/db';
import { plainError } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { checkKeys } from '../lib/bot-storage';
import { loadActor } from './actor';

/** Every key of the account's store, oldest first. */
export async function storageKeys(db: Executor, userId: number): Promise<string[]> {
  const rows: { key: string }[] = await db('bot_storage').where({ user_id: userId }).orderBy('id').select('key');
  return rows.map((r) => r.key);
}

/** GET /bot_storage: the given keys' values (every entry without keys); a missing key fails it all. */
export async function getBotStorage(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  rawKeys: unknown,
): Promise<Record<string, unknown>> {
  const db = ctx.db.knex;
  await loadActor(db, realmId, userId);
  const asked = checkKeys(rawKeys);
  const keys = asked.length ? asked : await storageKeys(db, userId);
  const rows: { key: string; value: string }[] = keys.length
    ? await db('bot_storage')
        .where({ user_id: userId })
        .whereRaw(...anyOf('key', keys))
        .select('key', 'value')
    : [];
  const values = new Map(rows.map((r) => [r.key, r.value]));
  const storage: Record<string, string> = {};
  for (const key of keys) {
    const value = values.get(key);
    if (value === undefined) throw plainError('Key does not exist.');
    storage[key] = value;
  }
  return { storage };
}

/** The characters the account's whole store holds, keys and values. */
export async function storageSize(db: Executor, userId: number): Promise<number> {
  const { rows } = (await db.raw('SELECT coalesce(sum(length(key) + length(value)), 0) AS size FROM bot_storage WHERE user_id = ?', [
    userId,
  ])) as {
    rows: { size: string | number }[];
  };
  return Number(rows[0]!.size);
}

/** The characters the given keys' entries hold now (what replacing them frees). */
export async function entriesSize(db: Executor, userId: number, keys: string[]): Promise<number> {
  const replaced: { size: string | number }[] = keys.length
    ? await db('bot_storage')
        .where({ user_id: userId })
        .whereRaw(...anyOf('key', keys))
        .select(db.raw('length(key) + length(value) AS size'))
    : [];
  return replaced.reduce((sum, r) => sum + Number(r.size), 0);
}
