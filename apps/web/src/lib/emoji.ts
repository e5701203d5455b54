/**
 * Emoji as images, as Zulip draws them (never through a font, which may lack them): unicode emoji
 * from the server's image set at Zulip's path, named by emoji_code (lowercase hex code points,
 * dash-separated for a sequence); the realm's own emoji from their source_url; Zulip's extra
 * emoji (:zulip:) from its file. Pure.
 */
import { emojiImagePath } from '@chat/contracts';
import { dict } from './read';
import type { AppState, RealmEmoji } from './types';

export const ZULIP_EMOJI_URL = '/static/generated/emoji/images/emoji/unicode/zulip.png';

export function unicodeEmojiUrl(code: string): string | undefined {
  const normal = code.trim().toLowerCase();
  return /^[0-9a-f]{1,6}(-[0-9a-f]{1,6})*$/.test(normal) ? emojiImagePath(normal) : undefined;
}

/** The image of an emoji as a reaction names it (reaction_type and emoji_code). */
export function emojiImageUrl(state: Pick<AppState, 'realmEmoji'>, reactionType: string, code: string): string | undefined {
  if (reactionType === 'realm_emoji') return state.realmEmoji[code]?.source_url;
  if (reactionType === 'zulip_extra_emoji') return ZULIP_EMOJI_URL;
  return unicodeEmojiUrl(code);
}

/** The realm's emoji from /register or a realm_emoji event: by id, with name, image and whether retired. */
export function realmEmojiFrom(raw: unknown): Record<string, RealmEmoji> {
  const out: Record<string, RealmEmoji> = {};
  for (const [id, entry] of Object.entries(dict(raw))) {
    const value = dict(entry);
    if (typeof value.name !== 'string' || typeof value.source_url !== 'string') continue;
    out[id] = { id, name: value.name, source_url: value.source_url, deactivated: value.deactivated === true };
  }
  return out;
}

/** An emoji the compose box may suggest: its name and how to draw it. */
export interface EmojiChoice {
  name: string;
  url: string | undefined;
}

/**
 * Emoji named by the query, then those whose names start with it, then contain it, at most
 * `limit`: the realm's active emoji first among equals (as Zulip's typeahead), then unicode ones
 * (name -> code).
 */
export function matchEmojiChoices(
  unicode: Record<string, string>,
  realm: Record<string, RealmEmoji>,
  query: string,
  limit = 8,
): EmojiChoice[] {
  const q = query.toLowerCase();
  const all: EmojiChoice[] = [
    ...Object.values(realm)
      .filter((e) => !e.deactivated)
      .map((e) => ({ name: e.name, url: e.source_url })),
    ...Object.entries(unicode).map(([name, code]) => ({ name, url: unicodeEmojiUrl(code) })),
  ];
  const seen = new Set<string>();
  const unique = all.filter((e) => !seen.has(e.name) && seen.add(e.name));
  const exact = unique.filter((e) => e.name === q);
  const starts = unique.filter((e) => e.name !== q && e.name.startsWith(q));
  const contains = unique.filter((e) => !e.name.startsWith(q) && e.name.includes(q));
  return [...exact, ...starts, ...contains].slice(0, limit);
}
