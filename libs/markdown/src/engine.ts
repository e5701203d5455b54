/**
 * The markdown-it instance configured as Zulip 2.1's dialect (bugdown). What differs from
 * CommonMark and why:
 * - emphasis, strong and strikethrough follow Zulip's regular expressions (no `_` emphasis, no
 *   span across a line break, `~~ spaced ~~` allowed), so they are inline rules of their own;
 * - inline code keeps its inner spaces;
 * - every line break is a <br> (nl2br), and leading spaces of the next line are kept;
 * - no raw HTML, no reference links, no setext headings, no <...> autolinks, no images; fenced
 *   blocks are handled before parsing (./fences.ts);
 * - links only where the URL policy allows (./url-policy.ts), with target="_blank" and a title,
 *   their text taken literally;
 * - Zulip's own syntax: mentions, stream links, emoji, linkifiers, !avatar. (!modal_link is gone,
 *   as from Zulip: it wrote its URL unchecked.)
 */
import MarkdownIt from 'markdown-it';
import type { MarkdownIt as Engine, StateBlock, StateCore, StateInline, Token } from 'markdown-it';
import { envOf, lateInlineRules, zulipInlineRules } from './inline-rules';
import { codeBlockHtml } from './fences';
import { inlineImagePreviews } from './inline-images';
import { escapeAttribute, escapeText, urlAttribute } from './html';
import { sanitizeUrl } from './url-policy';
import { groupMention, renderGroupMention } from './group-mentions';

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
type InlineRule = (state: StateInline, silent: boolean) => boolean;
type MentionMeta = { userId: number | '*'; name: string; silent: boolean };

/** markdown-it keeps its rule functions private; wrapping a built-in needs the original. */
function builtinRule<T>(ruler: unknown, name: string): T {
  const rules = (ruler as { __rules__: { name: string; fn: T }[] }).__rules__;
  const rule = rules.find((r) => r.name === name);
  if (!rule) throw new Error(`markdown-it has no rule ${name}`);
  return rule.fn;
}

/** An href markdown-it must refuse: sanitizeUrl said the link stays text. */
const REFUSED = '\u0000refused';

/**
 * A run of lines that are only `>` is no quote in Python-Markdown (`>` alone renders as `&gt;`),
 * which is also how `>>>>>` ends in a paragraph holding the last `>`.
 */
function onlyEmptyQuoteMarkers(state: StateBlock, startLine: number, endLine: number): boolean {
  for (let line = startLine; line < endLine && !state.isEmpty(line); line++) {
    const text = state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!);
    if (!/^>\s*$/.test(text)) return false;
  }
  return true;
}

/** CommonMark's paragraph, but trailing spaces stay (Zulip keeps `test  ` as is). */
function paragraph(state: StateBlock, startLine: number, endLine: number): boolean {
  const terminators = state.md.block.ruler.getRules('paragraph');
  const oldParentType = state.parentType;
  let nextLine = startLine + 1;
  state.parentType = 'paragraph';
  for (; nextLine < endLine && !state.isEmpty(nextLine); nextLine++) {
    if (state.sCount[nextLine]! - state.blkIndent > 3) continue;
    if (state.sCount[nextLine]! < 0) continue;
    if (terminators.some((rule) => rule(state, nextLine, endLine, true))) break;
  }
  const content = state.getLines(startLine, nextLine, state.blkIndent, false).replace(/^[ \t\n]+/, '');
  state.line = nextLine;
  const open = state.push('paragraph_open', 'p', 1);
  open.map = [startLine, state.line];
  const inline = state.push('inline', '', 0);
  inline.content = content;
  inline.map = [startLine, state.line];
  inline.children = [];
  state.push('paragraph_close', 'p', -1);
  state.parentType = oldParentType;
  return true;
}

/**
 * Python-Markdown keeps one list when the bullet character changes (`*` then `-`); CommonMark
 * starts a new list, so adjacent bullet lists at one level are joined again.
 */
function joinBulletLists(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i + 1 < tokens.length; i++) {
    const close = tokens[i]!;
    const open = tokens[i + 1]!;
    if (close.type === 'bullet_list_close' && open.type === 'bullet_list_open' && close.level === open.level) {
      tokens.splice(i, 2);
      i--;
    }
  }
}

/** Gives nested ordered lists back the start number their marker had (preprocess.ts). */
function restoreListStarts(state: StateCore): void {
  const starts = envOf(state).listStarts;
  if (starts.size === 0) return;
  for (const token of state.tokens) {
    const start = token.type === 'ordered_list_open' && token.map ? starts.get(token.map[0]) : undefined;
    if (start !== undefined) token.attrSet('start', String(start));
  }
}

/**
 * Mentions inside a quote are silent (Zulip rewrites `@**x**` to `@_**x**` in quoted lines), and
 * only loud ones set the mentioned and wildcard_mentioned flags.
 */
function resolveMentions(state: StateCore): void {
  const env = envOf(state);
  let quoteDepth = 0;
  for (const token of state.tokens) {
    if (token.type === 'blockquote_open') quoteDepth++;
    else if (token.type === 'blockquote_close') quoteDepth--;
    else if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type !== 'zulip_mention') continue;
        const meta = child.meta as MentionMeta;
        if (quoteDepth > 0) meta.silent = true;
        if (meta.silent) continue;
        if (meta.userId === '*') env.wildcardMentioned = true;
        else env.mentionedUserIds.add(meta.userId);
      }
    }
  }
}

/** Zulip's url_filename: an uploaded file's title is its file name, any other link's its URL. */
function linkTitle(href: string): string {
  const upload = /.*\/user_uploads\/.*\/([^/]+)$/.exec(href);
  return upload ? upload[1]! : href;
}

function renderLinkOpen(tokens: Token[], idx: number): string {
  const token = tokens[idx]!;
  const href = String(token.attrGet('href') ?? '');
  // Every link token's href already passed the policy (normalizeLink, pushLink); writing it
  // through the policy again costs little and keeps any future rule from writing one unchecked.
  const attrs = [urlAttribute('href', href)].filter((attr) => attr !== '');
  // Zulip opens every link in a new tab except in-app ones (#narrow/...).
  if (!href.startsWith('#')) attrs.push('target="_blank"');
  attrs.push(`title="${escapeAttribute(linkTitle(href))}"`);
  return `<a ${attrs.join(' ')}>`;
}

export function createEngine(): Engine {
  const md = new MarkdownIt('default', { html: false, linkify: false, breaks: true, typographer: false });
  md.normalizeLink = (url: string) => sanitizeUrl(url.trim()) ?? REFUSED;
  md.normalizeLinkText = (text: string) => text;
  md.validateLink = (url: string) => url !== REFUSED;

  const blockquote = builtinRule<BlockRule>(md.block.ruler, 'blockquote');
  md.block.ruler.at(
    'blockquote',
    (state, startLine, endLine, silent) =>
      !onlyEmptyQuoteMarkers(state, startLine, endLine) && blockquote(state, startLine, endLine, silent),
    { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
  );
  md.block.ruler.at('paragraph', paragraph);
  md.disable(['lheading', 'reference', 'fence', 'html_block']);

  const link = builtinRule<InlineRule>(md.inline.ruler, 'link');
  md.disable(['text', 'linkify', 'newline', 'backticks', 'strikethrough', 'emphasis', 'link', 'image', 'autolink', 'html_inline']);
  // Inserted in order before the (disabled) built-in text rule; escape and entity follow them.
  for (const [name, rule] of zulipInlineRules(link)) md.inline.ruler.before('text', name, rule);
  for (const [name, rule] of lateInlineRules) md.inline.ruler.push(name, rule);
  md.inline.ruler.after('zulip_mention', 'zulip_group_mention', groupMention);

  md.core.ruler.after('block', 'zulip_join_lists', joinBulletLists);
  md.core.ruler.after('zulip_join_lists', 'zulip_list_starts', restoreListStarts);
  md.core.ruler.after('inline', 'zulip_mentions', resolveMentions);
  md.core.ruler.after('zulip_mentions', 'zulip_inline_images', inlineImagePreviews);

  const rules = md.renderer.rules;
  rules.text = (tokens, idx) => escapeText(tokens[idx]!.content);
  rules.code_inline = (tokens, idx) => `<code>${escapeText(tokens[idx]!.content)}</code>`;
  rules.code_block = (tokens, idx) => `${codeBlockHtml(tokens[idx]!.content)}\n\n\n`;
  rules.link_open = renderLinkOpen;
  rules.zulip_html = (tokens, idx) => tokens[idx]!.content;
  rules.zulip_block_html = (tokens, idx) => tokens[idx]!.content;
  rules.zulip_group_mention = renderGroupMention;
  rules.zulip_mention = (tokens, idx) => {
    const { userId, name, silent } = tokens[idx]!.meta as MentionMeta;
    const cls = silent ? 'user-mention silent' : 'user-mention';
    return `<span class="${cls}" data-user-id="${userId}">${silent ? '' : '@'}${escapeText(name)}</span>`;
  };
  // A tight list item's text runs straight into a nested list, as Python-Markdown prints it.
  for (const type of ['bullet_list_open', 'ordered_list_open']) {
    rules[type] = (tokens, idx, options, _env, self) => {
      const html = self.renderToken(tokens, idx, options);
      const previous = tokens[idx - 1];
      return previous?.type === 'paragraph_close' && previous.hidden ? html.replace(/^\n/, '') : html;
    };
  }
  return md;
}
