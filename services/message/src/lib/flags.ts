import { badRequest } from '@chat/errors';
import type { EventOf } from '@chat/events';

/**
 * Zulip's per-user message flags (AbstractUserMessage.ALL_FLAGS); the bit order is Zulip's, so
 * stored values mean the same as in a Zulip database. Bit 16 is 2.1's wildcard_mentioned, renamed
 * stream_wildcard_mentioned when @**topic** came (feature level 224), and bit 32 the new
 * topic_wildcard_mentioned (2.1's summarize_in_home, which nothing ever set).
 */
export const FLAG_BITS: Record<string, number> = {
  read: 1,
  starred: 2,
  collapsed: 4,
  mentioned: 8,
  stream_wildcard_mentioned: 16,
  topic_wildcard_mentioned: 32,
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

/** A flag as events and message dicts show it. */
export type MessageFlag = EventOf<'update_message'>['flags'][number];

/** The flags the API shows, in bit order: FLAG_BITS less NON_API_FLAGS. */
const API_FLAGS: readonly MessageFlag[] = Object.keys(FLAG_BITS).filter((name): name is MessageFlag => !NON_API_FLAGS.has(name));

/** Either wildcard: what 2.1's clients (and the web client) read as `wildcard_mentioned`. */
export const WILDCARD_MENTION_BITS = 16 | 32;
/** Every kind of mention: is:mentioned, and the mentions of unread_msgs. */
export const ANY_MENTION_BITS = 8 | WILDCARD_MENTION_BITS;

/**
 * The flags the API shows for `bits`: in bit order, then `wildcard_mentioned` for either wildcard
 * (deprecated at feature level 224 and still sent by Zulip, last, for older clients).
 */
export function flagNames(bits: number): MessageFlag[] {
  const names = API_FLAGS.filter((name) => (bits & FLAG_BITS[name]!) !== 0);
  if ((bits & WILDCARD_MENTION_BITS) !== 0) names.push('wildcard_mentioned');
  return names;
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
  'zulipandroid',
  'zulipios',
  'zulipdesktop',
  'zulipmobile',
  'zulipelectron',
  'zulipterminal',
  'snipe',
  'website',
  'ios',
  'android',
]);

export function sentByHuman(client: string): boolean {
  const name = client.toLowerCase();
  return HUMAN_CLIENTS.has(name) || name.includes('desktop app');
}

export type EditableFlag = EventOf<'update_message_flags'>['flag'];

/**
 * Flags Zulip lets a client change; every other flag shown through the API (has_alert_word,
 * mentioned, the wildcard ones, historical, force_expand, force_collapse, summarize_in_stream)
 * is set by the server.
 */
const EDITABLE_FLAGS: readonly EditableFlag[] = ['read', 'starred', 'collapsed'];

/** Zulip's checks on `flag` of POST /messages/flags, in its order: the flag and its bit. */
export function checkEditableFlag(flag: string): { name: EditableFlag; bit: number } {
  // wildcard_mentioned names no bit of its own now, but it is still a flag clients see.
  const bit = flag === 'wildcard_mentioned' ? WILDCARD_MENTION_BITS : bitOf(flag);
  if (bit === undefined || NON_API_FLAGS.has(flag)) throw badRequest(`Invalid flag: '${flag}'`);
  const name = EDITABLE_FLAGS.find((editable) => editable === flag);
  if (name === undefined) throw badRequest(`Flag not editable: '${flag}'`);
  return { name, bit };
}
