/** Compose helpers: quoting, autocompletion tokens and the built-in emoji names. Pure. */
import { encodeHashComponent, messagePmKey } from '../narrow/narrow';
import type { Message } from '../../lib/types';

/** The message's link, as Zulip writes it in a quote: its conversation, near the message. */
export function messageLink(message: Message, selfId: number, streamName?: string): string {
  if (message.type === 'stream') {
    const name = streamName ?? (typeof message.display_recipient === 'string' ? message.display_recipient : '');
    const stream = encodeHashComponent(`${message.stream_id ?? 0}-${name.replace(/ /g, '-')}`);
    return `#narrow/stream/${stream}/topic/${encodeHashComponent(message.subject)}/near/${message.id}`;
  }
  const key = messagePmKey(message, selfId);
  return `#narrow/pm-with/${key}-${key.includes(',') ? 'group' : 'pm'}/near/${message.id}`;
}

/** Zulip's quote-and-reply text: the silent mention, the link, and the raw content in a quote block. */
export function quoteReply(message: Message, rawContent: string, link: string): string {
  const fence = rawContent.includes('```') ? '````' : '```';
  return `@_**${message.sender_full_name}|${message.sender_id}** [said](${link}):\n${fence}quote\n${rawContent}\n${fence}\n`;
}

export interface Token {
  trigger: '@' | ':';
  query: string;
  start: number;
}

/** The `@name` or `:emoji` being typed just before the caret, if any. */
export function tokenAt(text: string, caret: number): Token | undefined {
  const before = text.slice(0, caret);
  const mention = /(^|\s)@(\*\*)?([^\s@*]*(?: [^\s@*]*)?)$/.exec(before);
  if (mention) {
    const query = mention[3] ?? '';
    return { trigger: '@', query, start: caret - query.length - 1 - (mention[2] ? 2 : 0) };
  }
  const emoji = /(^|\s):([a-z0-9_+-]{1,30})$/i.exec(before);
  if (emoji) return { trigger: ':', query: emoji[2]!, start: caret - emoji[2]!.length - 1 };
  return undefined;
}

/** Replaces the token with `insert` (and a space), returning the text and the caret after it. */
export function replaceToken(text: string, caret: number, token: Token, insert: string): { text: string; caret: number } {
  const next = `${text.slice(0, token.start)}${insert} ${text.slice(caret)}`;
  return { text: next, caret: token.start + insert.length + 1 };
}

/** The text with `insert` in place of the selection from start to end, and the caret after it. */
export function insertAt(text: string, start: number, end: number, insert: string): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}

/** What holds a file's place in the message while it uploads (Zulip's), until its link replaces it. */
export function uploadPlaceholder(fileName: string): string {
  return `[Uploading ${fileName}…]()`;
}

/** A file's link in the message: Markdown, the name as its text. */
export function uploadLink(fileName: string, uri: string): string {
  return `[${fileName.replace(/[[\]\\]/g, '\\$&')}](${uri})`;
}

/**
 * The text with an upload's placeholder replaced (by its link, or by nothing when it failed). A
 * placeholder the person deleted meanwhile stays deleted: they no longer wanted the file there.
 */
export function replacePlaceholder(text: string, placeholder: string, replacement: string): string {
  const at = text.indexOf(placeholder);
  return at < 0 ? text : text.slice(0, at) + replacement + text.slice(at + placeholder.length);
}

/** The last comma-separated entry of a recipients field. */
export function lastEntry(value: string): { prefix: string; query: string } {
  const comma = value.lastIndexOf(',');
  return { prefix: comma < 0 ? '' : `${value.slice(0, comma + 1)} `.replace(/\s+$/, ' '), query: value.slice(comma + 1).trim() };
}

/** Common emoji: name -> code points (hex, dash separated), named as the server's emoji_api.json names them. */
export const BUILTIN_EMOJI: Record<string, string> = {
  '+1': '1f44d',
  thumbs_up: '1f44d',
  '-1': '1f44e',
  thumbs_down: '1f44e',
  smile: '263a',
  smiley: '1f603',
  grinning: '1f600',
  joy: '1f602',
  rolling_on_the_floor_laughing: '1f923',
  wink: '1f609',
  blush: '1f60a',
  heart_eyes: '1f60d',
  thinking: '1f914',
  neutral_face: '1f610',
  sweat_smile: '1f605',
  cry: '1f622',
  sob: '1f62d',
  angry: '1f620',
  scream: '1f631',
  sunglasses: '1f60e',
  upside_down: '1f643',
  slight_smile: '1f642',
  heart: '2764',
  broken_heart: '1f494',
  fire: '1f525',
  tada: '1f389',
  clap: '1f44f',
  wave: '1f44b',
  pray: '1f64f',
  muscle: '1f4aa',
  ok_hand: '1f44c',
  point_up: '261d',
  eyes: '1f440',
  check: '2705',
  x: '274c',
  warning: '26a0',
  question: '2753',
  exclamation: '2757',
  star: '2b50',
  sparkles: '2728',
  rocket: '1f680',
  bulb: '1f4a1',
  coffee: '2615',
  pizza: '1f355',
  cake: '1f370',
  beer: '1f37a',
  sunny: '2600',
  cloud: '2601',
  rainbow: '1f308',
  zap: '26a1',
  snowflake: '2744',
  '100': '1f4af',
  octopus: '1f419',
  cat: '1f408',
  dog: '1f415',
  lock: '1f512',
  calendar: '1f4c6',
  bug: '1f41b',
  computer: '1f4bb',
  email: '2709',
  phone: '260e',
  book: '1f4d6',
  pencil: '1f4dd',
  link: '1f517',
  trophy: '1f3c6',
};
