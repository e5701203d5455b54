/**
 * Markdown to HTML for message content, in Zulip's dialect. The caller (the message service)
 * finds the candidates with possibleMentions / possibleStreamNames, looks them up, and passes
 * what exists in the context, so rendering itself is pure and synchronous.
 *
 * This file is the interface the message service relies on; the renderer behind it (markdown-it
 * with Zulip's rules, ./engine.ts) is measured against
 * Zulip 2.1's corpus (test/fixtures/markdown_test_cases.json) by test/corpus.test.ts.
 */
import type { MarkdownIt } from 'markdown-it';
import { createEngine } from './engine';
import { preprocessFences, restoreCodeBlocks } from './fences';
import { STREAM_WILDCARDS, TOPIC_WILDCARDS, type ZulipEnv } from './inline-rules';
import { compileLinkifier, fillUrl, type CompiledLinkifier } from './linkifiers';
import { extendQuotes, nestListsByTwoSpaces, normalizeSource } from './preprocess';
import { sanitizeUrl } from './url-policy';

/** Whether RE2 runs a linkifier pattern (the message service refuses the others when they are added). */
export { isSupportedLinkifierPattern } from './linkifiers';
export { serverEmojiData } from './emoji';
/** Zulip's hash_util_encode, for narrow links built outside a message (e-mails, bot notices). */
export { encodeHashComponent } from './inline-rules';

export interface MentionTarget {
  id: number;
  fullName: string;
}

export interface StreamTarget {
  id: number;
  name: string;
}

/** A realm filter (Zulip's linkifier): a regex with named groups and a URL format string. */
export interface Linkifier {
  id: number;
  pattern: string;
  urlFormatString: string;
}

export interface RealmEmoji {
  name: string;
  sourceUrl: string;
}

export interface MarkdownContext {
  users?: MentionTarget[];
  streams?: StreamTarget[];
  linkifiers?: Linkifier[];
  realmEmoji?: RealmEmoji[];
  /** The sender's translate_emoticons setting: :) becomes :slight_smile: and so on. */
  translateEmoticons?: boolean;
  /** The realm's user groups, for @*group* mentions. */
  userGroups?: { id: number; name: string }[];
}

export interface RenderResult {
  html: string;
  /** The message starts with /me (Zulip's is_me_message). */
  isMeMessage: boolean;
  /** Users mentioned by a non-silent mention outside quotes (they get the `mentioned` flag). */
  mentionedUserIds: number[];
  /** @**all**, @**everyone**, @**stream** or @**channel** outside quotes: every recipient gets `stream_wildcard_mentioned`. */
  streamWildcardMentioned: boolean;
  /** @**topic** outside quotes: the topic's participants get `topic_wildcard_mentioned`. */
  topicWildcardMentioned: boolean;
  /** User groups mentioned by @*group* (their members get the `mentioned` flag). */
  mentionedUserGroupIds?: number[];
  hasLink: boolean;
  hasImage: boolean;
  hasAttachment: boolean;
}

export interface PossibleMentions {
  /** Names from @**Full Name** and @_**Full Name**. */
  fullNames: string[];
  /** Ids from @**Name|id**. */
  userIds: number[];
  /** Stream (@**all**, ...) and topic (@**topic**) wildcard syntax, silent, quoted or in code too. */
  streamWildcard: boolean;
  topicWildcard: boolean;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const MENTION = /@_?\*\*([^*]+)\*\*/g;

/** Zulip's possible_mentions: the names to look up before rendering, and which wildcards may be there. */
export function possibleMentions(content: string): PossibleMentions {
  const result: PossibleMentions = { fullNames: [], userIds: [], streamWildcard: false, topicWildcard: false };
  for (const match of content.matchAll(MENTION)) {
    const text = match[1]!;
    const [name, id] = text.split('|');
    if (STREAM_WILDCARDS.has(text)) result.streamWildcard = true;
    else if (TOPIC_WILDCARDS.has(text)) result.topicWildcard = true;
    else if (id !== undefined && /^\d+$/.test(id)) result.userIds.push(Number(id));
    else result.fullNames.push(name!);
  }
  return result;
}

/**
 * The names written as `:name:` that could be a realm emoji's (lower-case letters, digits, `_`
 * and `-`, the characters both a realm emoji name and the emoji rule allow), without duplicates.
 */
export function possibleRealmEmojiNames(content: string): string[] {
  return [...new Set([...content.matchAll(/:([a-z0-9_-]+):/g)].map((m) => m[1]!))];
}

export function possibleStreamNames(content: string): string[] {
  return [...content.matchAll(/#\*\*([^*>]+)(?:>[^*]*)?\*\*/g)].map((m) => m[1]!);
}

/**
 * Compiled patterns are kept per (pattern, URL): the same few linkifiers serve every message. A
 * stored pattern RE2 refuses (null) is skipped, never an error: it was added before patterns were
 * checked with RE2 (or under other rules), and failing every message of the realm because of it
 * would be worse than leaving its text unlinked. Its administrator can see it in the list and
 * replace it.
 */
const compiledLinkifiers = new Map<string, CompiledLinkifier | null>();

function compiled(linkifiers: Linkifier[]): CompiledLinkifier[] {
  const out: CompiledLinkifier[] = [];
  for (const linkifier of linkifiers) {
    const key = `${linkifier.pattern}\u0000${linkifier.urlFormatString}`;
    if (!compiledLinkifiers.has(key)) {
      if (compiledLinkifiers.size > 1000) compiledLinkifiers.clear();
      compiledLinkifiers.set(key, compileLinkifier(linkifier.pattern, linkifier.urlFormatString));
    }
    const compiledLinkifier = compiledLinkifiers.get(key);
    if (compiledLinkifier) out.push(compiledLinkifier);
  }
  return out;
}

/**
 * Links the realm's linkifiers make from a topic (Zulip's subject_links): for each linkifier in
 * order, the URL of each match, through the URL policy (./url-policy.ts).
 */
export function topicLinks(topic: string, linkifiers: Linkifier[]): string[] {
  const links: string[] = [];
  for (const linkifier of compiled(linkifiers)) {
    for (const match of linkifier.matchAll(topic)) {
      const url = fillUrl(linkifier.urlFormatString, match.groups);
      // Clients make these links themselves: a URL the policy refuses is left out.
      const href = url === null ? null : sanitizeUrl(url);
      if (href !== null) links.push(href);
    }
  }
  return links;
}

let engine: MarkdownIt | undefined;

function zulipEnv(context: MarkdownContext): ZulipEnv {
  const users = context.users ?? [];
  return {
    usersByName: new Map(users.map((u) => [u.fullName.toLowerCase(), u])),
    usersById: new Map(users.map((u) => [u.id, u])),
    streams: new Map((context.streams ?? []).map((s) => [s.name, s])),
    realmEmoji: new Map((context.realmEmoji ?? []).map((e) => [e.name, e.sourceUrl])),
    linkifiers: compiled(context.linkifiers ?? []),
    translateEmoticons: context.translateEmoticons ?? false,
    listStarts: new Map(),
    mentionedUserIds: new Set(),
    streamWildcardMentioned: false,
    topicWildcardMentioned: false,
    userGroupsByName: new Map((context.userGroups ?? []).map((g) => [g.name.toLowerCase(), g])),
    mentionedUserGroupIds: new Set(),
  };
}

/** Zulip's Message.content_has_* checks, made on the raw content. */
const HAS_ATTACHMENT = /[/-]user[-_]uploads[/.-]/;
const HAS_IMAGE = /[/-]user[-_]uploads[/.-]\S+\.(bmp|gif|jpg|jpeg|png|webp)/i;

export function renderMarkdown(content: string, context: MarkdownContext = {}): RenderResult {
  engine ??= createEngine();
  const env = zulipEnv(context);
  const { text, blocks } = preprocessFences(normalizeSource(content));
  const lists = nestListsByTwoSpaces(extendQuotes(text));
  env.listStarts = lists.listStarts;
  // markdown-it hands env to every rule untouched; ZulipEnv is what the rules read (envOf).
  const html = restoreCodeBlocks(engine.render(lists.text, env as unknown as Record<string, unknown>), blocks).trim();
  return {
    html,
    // Zulip's is_status_message: /me and text that renders as paragraphs only.
    isMeMessage: content.startsWith('/me ') && html.startsWith('<p>') && html.endsWith('</p>'),
    mentionedUserIds: [...env.mentionedUserIds],
    streamWildcardMentioned: env.streamWildcardMentioned,
    topicWildcardMentioned: env.topicWildcardMentioned,
    mentionedUserGroupIds: [...(env.mentionedUserGroupIds ?? [])],
    hasLink:
      content.includes('http://') || content.includes('https://') || content.includes('/user_uploads') || content.includes('bitcoin:'),
    hasImage: HAS_IMAGE.test(content),
    hasAttachment: HAS_ATTACHMENT.test(content),
  };
}
