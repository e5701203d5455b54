/**
 * The caller's key-value store (Zulip 2.1's zerver/lib/bot_storage.py): what the bots framework's
 * StateHandler reads and writes through /bot_storage. Zulip serves it to any account, a human's
 * too (its own test stores a human's entries), so no bot check here either.
 */
import { anyOf, type Executor } from '@chat/db';
import { check, checkDict, checkList, checkString } from '@chat/contracts';
import { plainError } from '@chat/errors';
import type { SettingsContext } from '../app';
import { loadActor } from './common';

/** settings.USER_STATE_SIZE_LIMIT: characters of keys and values together, per account. */
export const USER_STATE_SIZE_LIMIT = 10_000_000;
/** BotStorageData.key's max_length. */
export const KEY_MAX_LENGTH = 1000;

/** Characters as Python's len and PostgreSQL's length count them: code points. */
const length = (text: string): number => [...text].length;

/** The Python type name Zulip's message shows for a JSON value. */
function pythonType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return { boolean: 'bool', object: 'dict' }[typeof value as 'boolean' | 'object'] ?? 'str';
}

function checkKeys(keys: unknown): string[] {
  return keys === undefined ? [] : check<string[]>(checkList(checkString), 'keys', keys);
}

async function allKeys(db: Executor, userId: number): Promise<string[]> {
  const rows: { key: string }[] = await db('bot_storage').where({ user_id: userId }).orderBy('id').select('key');
  return rows.map((r) => r.key);
}

/** GET /bot_storage: the given keys' values (every entry without keys); a missing key fails it all. */
export async function getBotStorage(ctx: SettingsContext, realmId: number, userId: number, rawKeys: unknown): Promise<Record<string, unknown>> {
  const db = ctx.db.knex;
  await loadActor(db, realmId, userId);
  const asked = checkKeys(rawKeys);
  const keys = asked.length ? asked : await allKeys(db, userId);
  const rows: { key: string; value: string }[] = keys.length ? await db('bot_storage').where({ user_id: userId }).whereRaw(...anyOf('key', keys)).select('key', 'value') : [];
  const values = new Map(rows.map((r) => [r.key, r.value]));
  const storage: Record<string, string> = {};
  for (const key of keys) {
    const value = values.get(key);
    if (value === undefined) throw plainError('Key does not exist.');
    storage[key] = value;
  }
  return { storage };
}

/** PUT /bot_storage: adds or replaces entries, refused whole when the total would pass the limit. */
export async function updateBotStorage(ctx: SettingsContext, realmId: number, userId: number, rawStorage: unknown): Promise<Record<string, unknown>> {
  const entries = Object.entries(check<Record<string, unknown>>(checkDict([]), 'storage', rawStorage));
  for (const [key, value] of entries) {
    if (typeof value !== 'string') throw plainError(`Value type is <class '${pythonType(value)}'>, but should be str.`);
    if (length(key) > KEY_MAX_LENGTH) throw plainError(`Key is too long (limit: ${KEY_MAX_LENGTH} characters).`);
  }
  const pairs = entries as [string, string][];
  await ctx.db.knex.transaction(async (trx) => {
    // One writer per account at a time, so two requests cannot each pass the limit together.
    await trx('users').where({ id: userId }).forUpdate().first('id');
    await loadActor(trx, realmId, userId);
    const { rows } = (await trx.raw('SELECT coalesce(sum(length(key) + length(value)), 0) AS size FROM bot_storage WHERE user_id = ?', [userId])) as {
      rows: { size: string | number }[];
    };
    const keys = pairs.map(([key]) => key);
    const replaced: { size: string | number }[] = keys.length
      ? await trx('bot_storage').where({ user_id: userId }).whereRaw(...anyOf('key', keys)).select(trx.raw('length(key) + length(value) AS size'))
      : [];
    const added = pairs.reduce((sum, [key, value]) => sum + length(key) + length(value), 0);
    const size = Number(rows[0]!.size) - replaced.reduce((sum, r) => sum + Number(r.size), 0) + added;
    if (size > USER_STATE_SIZE_LIMIT) {
      throw plainError(`Request exceeds storage limit by ${size - USER_STATE_SIZE_LIMIT} characters. The limit is ${USER_STATE_SIZE_LIMIT} characters.`);
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
export async function removeBotStorage(ctx: SettingsContext, realmId: number, userId: number, rawKeys: unknown): Promise<Record<string, unknown>> {
  const asked = checkKeys(rawKeys);
  await ctx.db.knex.transaction(async (trx) => {
    await loadActor(trx, realmId, userId);
    const keys = asked.length ? asked : await allKeys(trx, userId);
    if (!keys.length) return;
    const removed: { id: number }[] = await trx('bot_storage').where({ user_id: userId }).whereRaw(...anyOf('key', keys)).delete().returning('id');
    // Zulip compares the rows found with the keys named, so a key named twice fails too.
    if (removed.length < keys.length) throw plainError('Key does not exist.');
  });
  return {};
}
