/**
 * Markdown to HTML for message content, in Zulip's dialect. The caller (the message service)
 * finds the candidates with possibleMentions / possibleStreamNames, looks them up, and passes
 * what exists in the context, so rendering itself is pure and synchronous.
 *
 * This file is the interface the message service relies on; the renderer behind it is measured
 * against ../../shared/reference/markdown_test_cases.json.
 */
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
}

export interface RenderResult {
  html: string;
  /** The message starts with /me (Zulip's is_me_message). */
  isMeMessage: boolean;
  /** Users mentioned by a non-silent mention outside quotes (they get the `mentioned` flag). */
  mentionedUserIds: number[];
  /** @**all**, @**everyone** or @**stream** outside quotes (`wildcard_mentioned`). */
  wildcardMentioned: boolean;
  hasLink: boolean;
  hasImage: boolean;
  hasAttachment: boolean;
}

export interface PossibleMentions {
  /** Names from @**Full Name** and @_**Full Name**. */
  fullNames: string[];
  /** Ids from @**Name|id**. */
  userIds: number[];
  wildcard: boolean;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const MENTION = /@_?\*\*([^*]+)\*\*/g;
const WILDCARDS = new Set(['all', 'everyone', 'stream']);

export function possibleMentions(content: string): PossibleMentions {
  const result: PossibleMentions = { fullNames: [], userIds: [], wildcard: false };
  for (const match of content.matchAll(MENTION)) {
    const text = match[1]!;
    const [name, id] = text.split('|');
    if (WILDCARDS.has(text)) result.wildcard = true;
    else if (id !== undefined && /^\d+$/.test(id)) result.userIds.push(Number(id));
    else result.fullNames.push(name!);
  }
  return result;
}

export function possibleStreamNames(content: string): string[] {
  return [...content.matchAll(/#\*\*([^*>]+)(?:>[^*]*)?\*\*/g)].map((m) => m[1]!);
}

/** Links the realm's linkifiers make from a topic (Zulip's subject_links). */
export function topicLinks(_topic: string, _linkifiers: Linkifier[]): string[] {
  return [];
}

export function renderMarkdown(content: string, _context: MarkdownContext = {}): RenderResult {
  const paragraphs = content
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== '');
  const html = paragraphs.map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>\n')}</p>`).join('\n');
  return {
    html,
    isMeMessage: /^\/me\s/.test(content),
    mentionedUserIds: [],
    wildcardMentioned: false,
    hasLink: /https?:\/\//.test(content),
    hasImage: false,
    hasAttachment: false,
  };
}
