/**
 * content_html_diff of the edit history: the new rendered HTML with inserted words wrapped in
 * <span class="highlight_text_inserted"> and removed words put back wrapped in
 * <span class="highlight_text_deleted"> (the classes Zulip's clients style). Tags are kept as
 * they are and never wrapped, so the result is still well-formed HTML.
 *
 * The HTML is cut into tokens (tags, entities, words, runs of white space) and the two token
 * lists are compared by jsdiff (`diff`, Myers' algorithm); only the marking up is done here.
 */
import { diffArrays } from 'diff';

const TOKEN = /<[^>]*>|&[#a-zA-Z0-9]+;|[^\s<&]+|\s+|[<&]/g;

/** Messages are at most 10,000 bytes; past this many token pairs a diff is not worth its time. */
const MAX_TOKEN_PAIRS = 4_000_000;

type Op = { op: 'same' | 'del' | 'ins'; token: string };

function tokens(html: string): string[] {
  return html.match(TOKEN) ?? [];
}

const isTag = (token: string) => token.startsWith('<') && token.endsWith('>') && token.length > 1;

/** The edit from `a` to `b`, token by token; beyond the bound "all removed, all inserted". */
function diffOps(a: string[], b: string[]): Op[] {
  if (a.length * b.length > MAX_TOKEN_PAIRS) {
    return [...a.map((token) => ({ op: 'del' as const, token })), ...b.map((token) => ({ op: 'ins' as const, token }))];
  }
  return diffArrays(a, b).flatMap((change) => {
    const op = change.added ? 'ins' : change.removed ? 'del' : 'same';
    return change.value.map((token) => ({ op, token }));
  });
}

export function highlightHtmlDifferences(before: string, after: string): string {
  const ops = diffOps(tokens(before), tokens(after));
  let out = '';
  let open: 'del' | 'ins' | null = null;
  const close = () => {
    if (open) out += '</span>';
    open = null;
  };
  for (const { op, token } of ops) {
    // Removed tags are dropped (the new markup stands); every tag closes an open highlight.
    if (isTag(token)) {
      close();
      if (op !== 'del') out += token;
      continue;
    }
    if (op === 'same') {
      close();
      out += token;
      continue;
    }
    if (open !== op) {
      close();
      out += `<span class="${op === 'ins' ? 'highlight_text_inserted' : 'highlight_text_deleted'}">`;
      open = op;
    }
    out += token;
  }
  close();
  return out;
}
