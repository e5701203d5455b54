/**
 * Inline rules for Zulip's syntax. Zulip (Python-Markdown) applies each pattern to the whole text
 * in priority order; markdown-it walks the text left to right and tries its rules in order at
 * each position. The rule order below follows Zulip's priorities (code, mentions, stream links,
 * links, bare URLs, linkifiers, then emphasis, emoji), and the patterns are Zulip's, so the
 * results agree on everything but contrived overlaps.
 */
import type { StateInline } from 'markdown-it';
import {
  EMOTICONS,
  ZULIP_EMOJI_URL,
  emojiCodeForName,
  emojiNameForCode,
  imageEmojiHtml,
  isUnicodeEmojiCandidate,
  unicodeEmojiHtml,
} from './emoji';
import { escapeAttribute, escapeText, urlAttribute } from './html';
import { fillUrl, type CompiledLinkifier } from './linkifiers';
import { isLinkBoundary, matchWebLink } from './links';
import { sanitizeUrl } from './url-policy';

/** What one render knows and collects; markdown-it passes it to every rule as `env`. */
export interface ZulipEnv {
  usersByName: Map<string, { id: number; fullName: string }>;
  usersById: Map<number, { id: number; fullName: string }>;
  streams: Map<string, { id: number; name: string }>;
  realmEmoji: Map<string, string>;
  linkifiers: CompiledLinkifier[];
  translateEmoticons: boolean;
  /** See preprocess.ts nestListsByTwoSpaces. */
  listStarts: Map<number, number>;
  mentionedUserIds: Set<number>;
  /** A loud @**all**, @**everyone**, @**stream** or @**channel** (stream_wildcard_mentioned). */
  streamWildcardMentioned: boolean;
  /** A loud @**topic** (topic_wildcard_mentioned, for the topic's participants). */
  topicWildcardMentioned: boolean;
  /** User groups by lower-cased name, for @*group* mentions (group-mentions.ts). */
  userGroupsByName?: Map<string, { id: number; name: string }>;
  mentionedUserGroupIds?: Set<number>;
}

export type InlineRule = (state: StateInline, silent: boolean) => boolean;

/** markdown-it types env as an open record; every render passes a ZulipEnv (index.ts). */
export function envOf(state: { env: unknown }): ZulipEnv {
  return state.env as ZulipEnv;
}

/** The text a rule may look at: nested content (inside ** or ~~) ends at posMax. */
function visible(state: StateInline): string {
  return state.posMax >= state.src.length ? state.src : state.src.slice(0, state.posMax);
}

function execAt(re: RegExp, state: StateInline): RegExpExecArray | null {
  re.lastIndex = state.pos;
  return re.exec(visible(state));
}

function pushHtml(state: StateInline, html: string): void {
  state.push('zulip_html', '', 0).content = html;
}

/** `href` has passed the URL policy (sanitizeUrl); a refused URL makes no link. */
function pushLink(state: StateInline, href: string, text: string): void {
  state.push('link_open', 'a', 1).attrs = [['href', href]];
  state.push('text', '', 0).content = text;
  state.push('link_close', 'a', -1);
}

/** Parses src[start, end) as inline content between the given tags, then resumes at `after`. */
function wrap(state: StateInline, silent: boolean, start: number, end: number, after: number, tags: string[]): boolean {
  if (!silent) {
    for (const tag of tags) state.push(`${tag}_open`, tag, 1);
    const oldMax = state.posMax;
    state.pos = start;
    state.posMax = end;
    state.md.inline.tokenize(state);
    state.posMax = oldMax;
    for (const tag of [...tags].reverse()) state.push(`${tag}_close`, tag, -1);
  }
  state.pos = after;
  return true;
}

function delimited(re: RegExp, open: number, tags: string[]): InlineRule {
  return (state, silent) => {
    const match = execAt(re, state);
    if (!match) return false;
    const start = state.pos + open;
    return wrap(state, silent, start, start + match[1]!.length, state.pos + match[0].length, tags);
  };
}

const STAR = 0x2a;

// Zulip's patterns: no emphasis across a line break; `*` emphasis may not touch inner spaces
// (and, as in Zulip, may not contain `^`); strikethrough allows spaces inside.
const STRONG_EM = /\*\*\*(?!\s)([^*^\n]+)(?<!\s)\*\*\*/y;
const STRONG = /\*\*([^\n]+?)\*\*/y;
const EM = /\*(?!\s)([^*^\n]+)(?<!\s)\*/y;
const DEL = /~~([^~\n]+?)~~(?!~)/y;

const strongEm: InlineRule = (state, silent) =>
  state.src.charCodeAt(state.pos) === STAR && delimited(STRONG_EM, 3, ['strong', 'em'])(state, silent);
const strong: InlineRule = (state, silent) => state.src.charCodeAt(state.pos) === STAR && delimited(STRONG, 2, ['strong'])(state, silent);
const em: InlineRule = (state, silent) => state.src.charCodeAt(state.pos) === STAR && delimited(EM, 1, ['em'])(state, silent);
const del: InlineRule = (state, silent) =>
  state.src.charCodeAt(state.pos) === 0x7e && state.src[state.pos - 1] !== '~' && delimited(DEL, 2, ['del'])(state, silent);

/** Inline code keeps its content exactly, spaces included (Zulip does not strip them). */
const BACKTICKS = /(`+)([\s\S]+?)(?<!`)\1(?!`)/y;
const backticks: InlineRule = (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x60) return false;
  const match = execAt(BACKTICKS, state);
  if (!match) return false;
  if (!silent) {
    const token = state.push('code_inline', 'code', 0);
    token.markup = match[1]!;
    token.content = match[2]!;
  }
  state.pos += match[0].length;
  return true;
};

/** Zulip's wildcards (zerver/lib/mention.py): `channel` from feature level 247, `topic` from 224. */
export const STREAM_WILDCARDS: ReadonlySet<string> = new Set(['all', 'everyone', 'stream', 'channel']);
export const TOPIC_WILDCARDS: ReadonlySet<string> = new Set(['topic']);
const MENTION = /@(_?)\*\*([^*]+)\*\*/y;

/** What a mention names: a user, everyone in the stream, or the topic's participants. */
export type Mentioned =
  { kind: 'user'; userId: number; name: string } | { kind: 'stream_wildcard'; name: string } | { kind: 'topic_wildcard'; name: string };

function mentioned(env: ZulipEnv, text: string): Mentioned | undefined {
  if (STREAM_WILDCARDS.has(text)) return { kind: 'stream_wildcard', name: text };
  if (TOPIC_WILDCARDS.has(text)) return { kind: 'topic_wildcard', name: text };
  const byId = /^.+\|(\d+)$/.exec(text);
  const user = byId ? env.usersById.get(Number(byId[1])) : env.usersByName.get(text.toLowerCase());
  return user ? { kind: 'user', userId: user.id, name: user.fullName } : undefined;
}

/** @**Full Name**, @**Name|id**, silent @_**Name**, wildcards; unknown names stay text. */
const mention: InlineRule = (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x40 || !isLinkBoundary(state.src[state.pos - 1])) return false;
  const match = execAt(MENTION, state);
  if (!match) return false;
  const target = mentioned(envOf(state), match[2]!);
  if (!target) return false;
  if (!silent) state.push('zulip_mention', '', 0).meta = { ...target, silent: match[1] === '_' };
  state.pos += match[0].length;
  return true;
};

/** A zulip_mention token's meta; a quote makes it silent (engine.ts). */
export type MentionMeta = Mentioned & { silent: boolean };

/** Zulip's hash_util_encode: percent-encode everything, then `.` stands for `%` (and `.` itself is .2E). */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\./g, '%2E')
    .replace(/%/g, '.');
}

function streamHref(stream: { id: number; name: string }): string {
  return `/#narrow/stream/${stream.id}-${encodeHashComponent(stream.name.replace(/ /g, '-'))}`;
}

const STREAM_TOPIC = /#\*\*([^*>]+)>([^*]+)\*\*/y;
const STREAM = /#\*\*([^*]+)\*\*/y;

/** #**stream** and #**stream>topic**; the name must match exactly, else the text stays. */
const streamLink: InlineRule = (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x23 || !isLinkBoundary(state.src[state.pos - 1])) return false;
  const env = envOf(state);
  const topicMatch = execAt(STREAM_TOPIC, state);
  const match = topicMatch ?? execAt(STREAM, state);
  if (!match) return false;
  const stream = env.streams.get(match[1]!);
  if (!stream) return false;
  if (!silent) {
    const name = escapeText(stream.name);
    if (topicMatch) {
      const topic = topicMatch[2]!;
      const href = `${streamHref(stream)}/topic/${encodeHashComponent(topic)}`;
      pushHtml(
        state,
        `<a class="stream-topic" data-stream-id="${stream.id}" ${urlAttribute('href', href)}>#${name} &gt; ${escapeText(topic)}</a>`,
      );
    } else {
      pushHtml(state, `<a class="stream" data-stream-id="${stream.id}" ${urlAttribute('href', streamHref(stream))}>#${name}</a>`);
    }
  }
  state.pos += match[0].length;
  return true;
};

const AVATAR = /!(?:avatar|gravatar)\(([^)]*)\)/y;

/**
 * !avatar(email) and !gravatar(email): the user's avatar, from this server. The address is one
 * path segment of the URL, so `/`, `?` and `#` in it are percent-encoded (`@` is kept, as Zulip
 * writes it). Zulip's other helper, !modal_link(url, text), is not supported: it wrote its URL
 * into an href unchecked (CVE-2020-9445), and Zulip removed it.
 */
const avatar: InlineRule = (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x21) return false;
  const match = execAt(AVATAR, state);
  if (!match) return false;
  if (!silent) {
    const email = match[1]!.trim().toLowerCase();
    const src = `/avatar/${encodeURIComponent(email).replace(/%40/g, '@')}?s=30`;
    const label = escapeAttribute(email);
    pushHtml(state, `<img alt="${label}" class="message_body_gravatar" ${urlAttribute('src', src)} title="${label}">`);
  }
  state.pos += match[0].length;
  return true;
};

/**
 * markdown-it's [text](url) with Zulip's twist: the text is taken literally (Zulip's links are
 * atomic), and an empty text shows the URL.
 */
function zulipLink(link: InlineRule): InlineRule {
  return (state, silent) => {
    if (state.src.charCodeAt(state.pos) !== 0x5b) return false;
    const start = state.pos;
    const first = state.tokens.length;
    const labelEnd = state.md.helpers.parseLinkLabel(state, start, true);
    if (labelEnd < 0 || !link(state, silent)) return false;
    if (silent) return true;
    const openIndex = state.tokens.findIndex((token, i) => i >= first && token.type === 'link_open');
    const open = state.tokens[openIndex]!;
    const label = state.src.slice(start + 1, labelEnd);
    const text = new state.Token('text', '', 0);
    text.content = label.trim() === '' ? String(open.attrGet('href') ?? '') : label;
    state.tokens.splice(openIndex + 1, state.tokens.length - openIndex - 2, text);
    return true;
  };
}

/** Bare URLs, domains with a known TLD, e-mail addresses (Zulip's autolink). */
const autolink: InlineRule = (state, silent) => {
  if (state.linkLevel > 0 || !isLinkBoundary(state.src[state.pos - 1])) return false;
  const found = matchWebLink(visible(state), state.pos);
  const href = found && sanitizeUrl(found.href);
  if (!found || !href) return false;
  if (!silent) pushLink(state, href, found.text);
  state.pos += found.text.length;
  return true;
};

/**
 * The nested span the linkifier rule last matched in. Linkifiers run on RE2, which copies its
 * subject to UTF-8 unless it is the string object it was given the time before: a fresh slice at
 * every word of a long **span** would copy the span again each time (7x slower on 10,000 chars).
 */
let linkifierSpan = { src: '', posMax: -1, text: '' };

function linkifierText(state: StateInline): string {
  if (state.posMax >= state.src.length) return state.src;
  if (linkifierSpan.src !== state.src || linkifierSpan.posMax !== state.posMax) {
    linkifierSpan = { src: state.src, posMax: state.posMax, text: state.src.slice(0, state.posMax) };
  }
  return linkifierSpan.text;
}

/** The realm's linkifiers, in their order, at the same boundaries as links. */
const linkifier: InlineRule = (state, silent) => {
  const env = envOf(state);
  if (env.linkifiers.length === 0 || state.linkLevel > 0 || !isLinkBoundary(state.src[state.pos - 1])) return false;
  const text = linkifierText(state);
  for (const filter of env.linkifiers) {
    const match = filter.matchAt(text, state.pos);
    if (!match) continue;
    // A stored URL format string the policy refuses (or that a group turns into one) links
    // nothing: Zulip's url_to_a leaves the text as it is.
    const url = fillUrl(filter.urlFormatString, match.groups);
    const href = url === null ? null : sanitizeUrl(url);
    if (href === null) continue;
    if (!silent) pushLink(state, href, match.text);
    state.pos += match.text.length;
    return true;
  }
  return false;
};

/**
 * Plain text: letters, digits and other non-ASCII characters. It stops at every ASCII
 * punctuation mark or space, so the rules above get tried at each word start (where links,
 * linkifiers and mentions may begin) and at each candidate emoji.
 */
function isPlain(code: number): boolean {
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return !isUnicodeEmojiCandidate(code) && !/\s/u.test(String.fromCodePoint(code));
}

const text: InlineRule = (state, silent) => {
  let pos = state.pos;
  while (pos < state.posMax) {
    const code = state.src.codePointAt(pos)!;
    if (!isPlain(code)) break;
    pos += code > 0xffff ? 2 : 1;
  }
  if (pos === state.pos) return false;
  if (!silent) state.pending += state.src.slice(state.pos, pos);
  state.pos = pos;
  return true;
};

/** nl2br: every newline is a <br>; unlike CommonMark, the next line's indentation stays. */
const newline: InlineRule = (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x0a) return false;
  if (!silent) {
    const trailing = / {2,}$/.exec(state.pending);
    if (trailing) state.pending = state.pending.slice(0, -trailing[0].length);
    state.push(trailing ? 'hardbreak' : 'softbreak', 'br', 0);
  }
  state.pos++;
  return true;
};

const EMOJI = /:([A-Za-z0-9_+-]+):/y;

/** :name: — a realm emoji first, then Zulip's own :zulip:, then a unicode emoji name. */
const emoji: InlineRule = (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x3a) return false;
  const match = execAt(EMOJI, state);
  if (!match) return false;
  const name = match[1]!;
  const realmEmoji = envOf(state).realmEmoji.get(name);
  let html: string | null;
  if (realmEmoji !== undefined) html = imageEmojiHtml(realmEmoji, name);
  else if (name === 'zulip') html = imageEmojiHtml(ZULIP_EMOJI_URL, name);
  else {
    const code = emojiCodeForName(name);
    if (!code) return false;
    html = unicodeEmojiHtml(code, name);
  }
  if (html === null) return false;
  if (!silent) pushHtml(state, html);
  state.pos += match[0].length;
  return true;
};

/** Where an emoticon may stand: between these (from Zulip's compose box) or the text's ends. */
const EMOTICON_TERMINALS = new Set([...',.;?!()[] "\'\n\t']);

const emoticon: InlineRule = (state, silent) => {
  if (!envOf(state).translateEmoticons) return false;
  const before = state.src[state.pos - 1];
  if (before !== undefined && !EMOTICON_TERMINALS.has(before)) return false;
  const candidate = state.src.slice(state.pos, state.pos + 2);
  const name = Object.hasOwn(EMOTICONS, candidate) ? EMOTICONS[candidate] : undefined;
  if (!name || state.pos + 2 > state.posMax) return false;
  if (state.pos + 2 < state.posMax && !EMOTICON_TERMINALS.has(state.src[state.pos + 2]!)) return false;
  const code = emojiCodeForName(name);
  if (!code) return false;
  if (!silent) pushHtml(state, unicodeEmojiHtml(code, name));
  state.pos += 2;
  return true;
};

/** A unicode emoji character becomes Zulip's span with its canonical name. */
const unicodeEmoji: InlineRule = (state, silent) => {
  const cp = state.src.codePointAt(state.pos)!;
  if (!isUnicodeEmojiCandidate(cp)) return false;
  const code = cp.toString(16).padStart(4, '0');
  const name = emojiNameForCode(code);
  if (!name) return false;
  let length = cp > 0xffff ? 2 : 1;
  // A trailing variation selector asks for emoji presentation; it belongs to the emoji.
  if (state.src.charCodeAt(state.pos + length) === 0xfe0f) length++;
  if (!silent) pushHtml(state, unicodeEmojiHtml(code, name));
  state.pos += length;
  return true;
};

/** Rules tried before markdown-it's escape and entity rules, in this order. */
export function zulipInlineRules(link: InlineRule): [string, InlineRule][] {
  return [
    ['zulip_backticks', backticks],
    ['zulip_strong_em', strongEm],
    ['zulip_mention', mention],
    ['zulip_stream', streamLink],
    ['zulip_avatar', avatar],
    ['zulip_link', zulipLink(link)],
    ['zulip_autolink', autolink],
    ['zulip_linkifier', linkifier],
    ['zulip_text', text],
    ['zulip_newline', newline],
  ];
}

/** Rules after escape and entity: emphasis, strikethrough and emoji (Zulip's lowest priorities). */
export const lateInlineRules: [string, InlineRule][] = [
  ['zulip_strong', strong],
  ['zulip_em', em],
  ['zulip_del', del],
  ['zulip_emoji', emoji],
  ['zulip_emoticon', emoticon],
  ['zulip_unicode_emoji', unicodeEmoji],
];
