/** The bot key-value store's limits and the checks of what a request sends it (Zulip's zerver/lib/bot_storage.py). */
import { check, checkList, checkString } from '@chat/contracts';

/** settings.USER_STATE_SIZE_LIMIT: characters of keys and values together, per account. */
export const USER_STATE_SIZE_LIMIT = 10_000_000;
/** BotStorageData.key's max_length. */
export const KEY_MAX_LENGTH = 1000;

/** Characters as Python's len and PostgreSQL's length count them: code points. */
export const length = (text: string): number => [...text].length;

/** The Python type name Zulip's message shows for a JSON value. */
export function pythonType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return { boolean: 'bool', object: 'dict' }[typeof value as 'boolean' | 'object'] ?? 'str';
}

/** The `keys` parameter: a JSON list of strings, or none. */
export function checkKeys(keys: unknown): string[] {
  return keys === undefined ? [] : check<string[]>(checkList(checkString), 'keys', keys);
}
