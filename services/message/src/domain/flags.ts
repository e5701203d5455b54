import { badRequest } from '@chat/errors';

/**
 * Zulip's per-user message flags (AbstractUserMessage.ALL_FLAGS); the bit order is Zulip's, so
 * stored values mean the same as in a Zulip database.
 */
export const FLAG_BITS: Record<string, number> = {
  read: 1,
  starred: 2,
  collapsed: 4,
  mentioned: 8,
  wildcard_mentioned: 16,
  summarize_in_home: 32,
  summarize_in_stream: 64,
  force_expand: 128,
  force_collapse: 256,
  has_alert_word: 512,
  historical: 1024,
  is_private: 2048,
  active_mobile_push_notification: 4096,
};

/** Flags Zulip never shows through the API. */
const NON_API_FLAGS = new Set(['is_private', 'active_mobile_push_notification']);

export function flagNames(bits: number): string[] {
  return Object.entries(FLAG_BITS)
    .filter(([name, bit]) => (bits & bit) !== 0 && !NON_API_FLAGS.has(name))
    .map(([name]) => name);
}

/** The bit of a flag name; own keys only, so `__proto__` or `toString` names no flag. */
function bitOf(name: string): number | undefined {
  return Object.hasOwn(FLAG_BITS, name) ? FLAG_BITS[name] : undefined;
}

export function flagBits(names: string[]): number {
  return names.reduce((bits, name) => bits | (bitOf(name) ?? 0), 0);
}

/**
 * Clients whose messages count as read by their sender (Zulip's sent_by_human): a message sent
 * through the API by a bot library stays unread for its sender.
 */
const HUMAN_CLIENTS = new Set([
  'zulipandroid', 'zulipios', 'zulipdesktop', 'zulipmobile', 'zulipelectron', 'zulipterminal',
  'snipe', 'website', 'ios', 'android',
]);

export function sentByHuman(client: string): boolean {
  const name = client.toLowerCase();
  return HUMAN_CLIENTS.has(name) || name.includes('desktop app');
}

/** Flags Zulip lets a client change (everything else is set by the server). */
const NON_EDITABLE_FLAGS = new Set([
  'has_alert_word', 'mentioned', 'wildcard_mentioned', 'historical', 'force_expand', 'force_collapse',
  'summarize_in_home', 'summarize_in_stream',
]);

/** Zulip's checks on `flag` of POST /messages/flags, in its order. */
export function checkEditableFlag(flag: string): number {
  const bit = bitOf(flag);
  if (bit === undefined || NON_API_FLAGS.has(flag)) throw badRequest(`Invalid flag: '${flag}'`);
  if (NON_EDITABLE_FLAGS.has(flag)) throw badRequest(`Flag not editable: '${flag}'`);
  return bit;
}
