/**
 * The key-value store of the caller's account (Zulip 2.1's /bot_storage, zerver/views/storage.py):
 * what the bots framework's StateHandler keeps between runs. Declared in settingsEndpoints.
 */
import * as p from '../params';

/** The example key is the one PUT's example stores: reading every entry needs none. */
const keys = (what: string, sample: boolean) => ({
  keys: p.json<unknown>({
    schema: { description: 'JSON list of keys; absent or empty: every key' },
    description: `The keys to ${what}, as a JSON list of strings; absent or empty: every key.`,
    example: ['last_poll'],
    sample,
  }),
});

export const settingsBotStorageEndpoints = {
  getBotStorage: {
    method: 'GET',
    path: '/bot_storage',
    auth: 'user',
    summary: "Read entries of the caller's key-value store (the bots framework's storage)",
    description:
      "Reads values from the caller's own key-value store, a place for a bot to keep state between runs (any account has one). " +
      'Naming a key that is not stored fails the whole request.',
    python: 'get_storage(request)',
    params: keys('read', false),
    success: { storage: ['object', 'The entries read: each key with its value (a string).'] },
  },
  updateBotStorage: {
    method: 'PUT',
    path: '/bot_storage',
    auth: 'user',
    summary: "Add or replace entries of the caller's key-value store",
    description:
      "Writes entries to the caller's key-value store, replacing the values of keys already there. Values must be strings and keys " +
      'at most 1000 characters; a write that would take the account past 10,000,000 characters of keys and values is refused whole.',
    python: 'update_storage(request)',
    params: {
      storage: p.json<unknown>({
        required: true,
        schema: { description: 'JSON dict of string keys to string values' },
        description: 'The entries, as a JSON object of string keys to string values.',
        example: { last_poll: '2026-11-25' },
      }),
    },
    success: {},
  },
  removeBotStorage: {
    method: 'DELETE',
    path: '/bot_storage',
    auth: 'user',
    summary: "Remove entries of the caller's key-value store (all of them without keys)",
    description:
      "Removes entries from the caller's key-value store; if any named key is not stored, nothing is removed and the request fails.",
    params: keys('remove', true),
    success: {},
  },
} as const;
