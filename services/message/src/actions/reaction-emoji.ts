/**
 * Which emoji a reaction names (Zulip's emoji_name_to_emoji_code and check_emoji_request): realm
 * emoji, :zulip: and unicode emoji, by name or by code and type.
 */
import type { Executor } from '@chat/db';
import { badRequest } from '@chat/errors';
import type { EventOf } from '@chat/events';
import { isUnicodeEmojiCode, unicodeEmojiCode } from '../lib/emoji';
import { realmEmoji } from '../queries/realm-emoji';

export type ReactionType = EventOf<'reaction'>['reaction_type'];

/** A reaction's emoji as stored and announced. */
export type ReactionEmoji = Pick<EventOf<'reaction'>, 'emoji_name' | 'emoji_code' | 'reaction_type'>;

/** Zulip's emoji_name_to_emoji_code: realm emoji, then :zulip:, then unicode. */
export async function emojiCodeForName(db: Executor, realmId: number, name: string): Promise<{ code: string; type: ReactionType }> {
  const custom = (await realmEmoji(db, realmId)).find((e) => e.name === name && !e.deactivated);
  if (custom) return { code: String(custom.id), type: 'realm_emoji' };
  if (name === 'zulip') return { code: 'zulip', type: 'zulip_extra_emoji' };
  const code = unicodeEmojiCode(name);
  if (code) return { code, type: 'unicode_emoji' };
  throw badRequest(`Emoji '${name}' does not exist`);
}

/** Zulip's check_emoji_request: the name, code and type must agree. */
export async function checkEmojiRequest(db: Executor, realmId: number, name: string, code: string, type: string): Promise<void> {
  if (type === 'realm_emoji') {
    const custom = (await realmEmoji(db, realmId)).find((e) => String(e.id) === code);
    if (!custom) throw badRequest('Invalid custom emoji.');
    if (custom.name !== name) throw badRequest('Invalid custom emoji name.');
    if (custom.deactivated) throw badRequest('This custom emoji has been deactivated.');
  } else if (type === 'zulip_extra_emoji') {
    if (code !== 'zulip') throw badRequest('Invalid emoji code.');
    if (name !== code) throw badRequest('Invalid emoji name.');
  } else if (type === 'unicode_emoji') {
    if (!isUnicodeEmojiCode(code)) throw badRequest('Invalid emoji code.');
    if (unicodeEmojiCode(name) !== code) throw badRequest('Invalid emoji name.');
  } else {
    throw badRequest('Invalid emoji type.');
  }
}

/**
 * The type of a reaction about to be announced: check_emoji_request admitted it, now or when the
 * stored reaction it matched was added, so it is always one of Zulip's three.
 */
export function admittedReactionType(type: string): ReactionType {
  if (type === 'unicode_emoji' || type === 'realm_emoji' || type === 'zulip_extra_emoji') return type;
  throw new Error(`a reaction of unknown type ${type} was stored`);
}
