/**
 * Emoji names and codepoints as Zulip 2.1 renders them.
 *
 * The data is iamcal's emoji-datasource (the set Zulip builds its emoji from), cut to what Zulip
 * 2.1 shipped: Google images, Emoji 5.0 and older, no skin-tone modifiers (1f3fb-1f3ff), no ZWJ sequences.
 * Zulip names emoji with its own scheme; where that scheme is known to differ from iamcal's short
 * names (the cases the reference corpus and Zulip's tests exercise) ZULIP_NAMES replaces
 * iamcal's names for that codepoint entirely, so e.g. :fried_egg: is gone as it is in Zulip.
 */
import { readFileSync } from 'node:fs';
import { escapeAttribute, escapeText, urlAttribute } from './html';
import { sanitizeUrl } from './url-policy';

interface DataSourceEmoji {
  unified: string;
  non_qualified: string | null;
  short_name: string;
  short_names: string[];
  added_in: string;
  has_img_google: boolean;
}

/** codepoint → [canonical name, ...aliases] where Zulip's names are not iamcal's. */
const ZULIP_NAMES: Record<string, string[]> = {
  '263a': ['smile'],
  '1f604': ['big_smile'],
  '1f642': ['slight_smile'],
  '1f641': ['frown'],
  '1f4a9': ['poop'],
  '1f384': ['holiday_tree'],
  '2b06': ['up'],
  '1f199': ['up_button'],
  '1f408': ['cat'],
  '1f431': ['kitten'],
  '1f415': ['dog'],
  '1f436': ['puppy'],
  '1f407': ['rabbit'],
  '1f430': ['bunny'],
  '2797': ['division'],
  '1f947': ['gold'],
  '1f95d': ['kiwi'],
  '1f916': ['robot'],
  '1f373': ['cooking'],
  '1f44d': ['+1', 'thumbs_up', 'like'],
  '1f44e': ['-1', 'thumbs_down'],
  '1f914': ['thinking'],
  '1f643': ['upside_down'],
  '2705': ['check'],
  '1f926': ['facepalm'],
  '1f917': ['hug'],
};

/** Zulip 2.1's emoticon translations (a per-user setting, translate_emoticons). */
export const EMOTICONS: Record<string, string> = {
  ':)': 'slight_smile',
  '(:': 'slight_smile',
  ':(': 'frown',
  '<3': 'heart',
  ':|': 'expressionless',
  ':/': 'confused',
};

/** Zulip 2.1's emoji were the Emoji 5.0 set; later additions did not render there. */
const NEWEST_EMOJI_VERSION = 5.0;

interface EmojiTables {
  nameToCode: Map<string, string>;
  codeToName: Map<string, string>;
}

let tables: EmojiTables | undefined;

function emojiCode(entry: DataSourceEmoji): string {
  return (entry.non_qualified ?? entry.unified).toLowerCase();
}

function buildTables(): EmojiTables {
  const file = require.resolve('emoji-datasource/emoji.json');
  const entries = JSON.parse(readFileSync(file, 'utf8')) as DataSourceEmoji[];
  const kept = entries.filter(
    (e) =>
      e.has_img_google && Number(e.added_in) <= NEWEST_EMOJI_VERSION && !/^1f3f[b-f]$/.test(emojiCode(e)) && !emojiCode(e).includes('200d'),
  );
  const nameToCode = new Map<string, string>();
  for (const entry of kept) {
    const code = emojiCode(entry);
    if (ZULIP_NAMES[code]) continue;
    for (const name of entry.short_names) nameToCode.set(name, code);
  }
  const known = new Set(kept.map(emojiCode));
  for (const [code, names] of Object.entries(ZULIP_NAMES)) {
    if (!known.has(code)) continue;
    for (const name of names) nameToCode.set(name, code);
  }
  const codeToName = new Map<string, string>();
  for (const entry of kept) {
    const code = emojiCode(entry);
    const candidates = ZULIP_NAMES[code] ?? [entry.short_name, ...entry.short_names];
    // A Zulip override may have taken an iamcal name for another codepoint (cat, dog, up).
    const canonical = candidates.find((name) => nameToCode.get(name) === code);
    if (canonical) codeToName.set(code, canonical);
  }
  return { nameToCode, codeToName };
}

function emojiTables(): EmojiTables {
  tables ??= buildTables();
  return tables;
}

export function emojiCodeForName(name: string): string | undefined {
  return emojiTables().nameToCode.get(name);
}

export function emojiNameForCode(code: string): string | undefined {
  return emojiTables().codeToName.get(code);
}

/** The body at @chat/contracts' SERVER_EMOJI_DATA_PATH: each codepoint's names, its canonical name first. */
export function serverEmojiData(): { code_to_names: Record<string, string[]> } {
  const { nameToCode, codeToName } = emojiTables();
  const codeToNames: Record<string, string[]> = {};
  for (const [code, canonical] of codeToName) codeToNames[code] = [canonical];
  for (const [name, code] of nameToCode) {
    const names = codeToNames[code];
    if (names && !names.includes(name)) names.push(name);
  }
  return { code_to_names: codeToNames };
}

/** Zulip's make_emoji: the title and label show the name as typed, underscores as spaces. */
export function unicodeEmojiHtml(code: string, name: string): string {
  const label = escapeAttribute(name.replace(/_/g, ' '));
  return `<span aria-label="${label}" class="emoji emoji-${code}" role="img" title="${label}">:${escapeText(name)}:</span>`;
}

/**
 * Zulip's make_realm_emoji (also used for the built-in :zulip:), or null when the URL policy
 * refuses the source (the :name: then stays text).
 */
export function imageEmojiHtml(src: string, name: string): string | null {
  const source = sanitizeUrl(src);
  if (source === null) return null;
  return `<img alt=":${escapeAttribute(name)}:" class="emoji" ${urlAttribute('src', source)} title="${escapeAttribute(name.replace(/_/g, ' '))}">`;
}

export const ZULIP_EMOJI_URL = '/static/generated/emoji/images/emoji/unicode/zulip.png';

/**
 * The blocks Zulip 2.1 searched for unicode emoji, one codepoint at a time (no sequences).
 * (2000-206F is general punctuation: only the few with an emoji name there are converted.)
 */
export function isUnicodeEmojiCandidate(cp: number): boolean {
  return (
    (cp >= 0x1f100 && cp <= 0x1f64f) ||
    (cp >= 0x1f680 && cp <= 0x1f6ff) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x2000 && cp <= 0x206f) ||
    (cp >= 0x2300 && cp <= 0x27bf) ||
    (cp >= 0x2b00 && cp <= 0x2bff) ||
    (cp >= 0x3000 && cp <= 0x303f) ||
    (cp >= 0x3200 && cp <= 0x32ff)
  );
}
