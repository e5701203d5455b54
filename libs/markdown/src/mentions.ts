/**
 * What @**...** mentions set and how they print (Zulip's UserMentionPattern); the inline rule that
 * finds them is `mention` in inline-rules.ts.
 */
import type { StateCore, Token } from 'markdown-it';
import { escapeText } from './html';
import { envOf, type MentionMeta } from './inline-rules';

/**
 * Mentions inside a quote are silent (Zulip rewrites `@**x**` to `@_**x**` in quoted lines), and
 * only loud ones set the mentioned, stream_wildcard_mentioned and topic_wildcard_mentioned flags.
 */
export function resolveMentions(state: StateCore): void {
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
        if (meta.kind === 'stream_wildcard') env.streamWildcardMentioned = true;
        else if (meta.kind === 'topic_wildcard') env.topicWildcardMentioned = true;
        else env.mentionedUserIds.add(meta.userId);
      }
    }
  }
}

/**
 * Zulip's markup since feature levels 224 and 247: a stream wildcard keeps 2.1's `user-mention`
 * class and `data-user-id="*"` (what 2.1's clients look for) and adds `channel-wildcard-mention`;
 * @**topic** is a `topic-mention` with no user id. A silent one adds `silent` and drops the `@`.
 */
export function renderMention(tokens: Token[], idx: number): string {
  const meta = tokens[idx]!.meta as MentionMeta;
  const classes =
    meta.kind === 'topic_wildcard'
      ? ['topic-mention']
      : meta.kind === 'stream_wildcard'
        ? ['user-mention', 'channel-wildcard-mention']
        : ['user-mention'];
  if (meta.silent) classes.push('silent');
  const userId = meta.kind === 'user' ? ` data-user-id="${meta.userId}"` : meta.kind === 'stream_wildcard' ? ' data-user-id="*"' : '';
  return `<span class="${classes.join(' ')}"${userId}>${meta.silent ? '' : '@'}${escapeText(meta.name)}</span>`;
}
