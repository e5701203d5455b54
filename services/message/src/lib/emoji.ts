/**
 * Emoji names and codes for reactions. Unicode emoji come from emoji-datasource (iamcal's data,
 * which Zulip's own table is built from) with Zulip's renames on top; codes are lower-case hex
 * code points joined by '-', without the emoji presentation selector, as Zulip stores them.
 */
import emojiData from 'emoji-datasource/emoji.json';

interface EmojiRecord {
  unified: string;
  non_qualified: string | null;
  short_names: string[];
}

/** Where Zulip 2.1's names differ from the data set's (e.g. :smile: is U+263A in Zulip). */
const ZULIP_NAMES: Record<string, string> = {
  smile: '263a',
  big_smile: '1f604',
  thumbs_up: '1f44d',
  thumbs_down: '1f44e',
  working_on_it: '1f6e0',
  octopus: '1f419',
};

function toCode(record: EmojiRecord): string {
  return (record.non_qualified ?? record.unified).toLowerCase();
}

const nameToCode = new Map<string, string>();
const codes = new Set<string>();
for (const record of emojiData as EmojiRecord[]) {
  const code = toCode(record);
  codes.add(code);
  for (const name of record.short_names) nameToCode.set(name, code);
}
for (const [name, code] of Object.entries(ZULIP_NAMES)) {
  nameToCode.set(name, code);
  codes.add(code);
}

export function unicodeEmojiCode(name: string): string | undefined {
  return nameToCode.get(name);
}

export function isUnicodeEmojiCode(code: string): boolean {
  return codes.has(code);
}
