/**
 * content_html_diff of the edit history: the new rendered HTML with inserted words wrapped in
 * <span class="highlight_text_inserted"> and removed words put back wrapped in
 * <span class="highlight_text_deleted"> (the classes Zulip's clients style). Tags are kept as
 * they are and never wrapped, so the result is still well-formed HTML.
 */
const TOKEN = /<[^>]*>|&[#a-zA-Z0-9]+;|[^\s<&]+|\s+|[<&]/g;

function tokens(html: string): string[] {
  return html.match(TOKEN) ?? [];
}

const isTag = (token: string) => token.startsWith('<') && token.endsWith('>') && token.length > 1;

/** Longest common subsequence of two token lists, as a list of operations. */
function diffOps(a: string[], b: string[]): { op: 'same' | 'del' | 'ins'; token: string }[] {
  // Messages are at most 10,000 bytes, so the quadratic table stays small in practice; beyond a
  // bound we fall back to "all removed, all inserted" rather than spend seconds on a diff.
  if (a.length * b.length > 4_000_000) {
    return [...a.map((token) => ({ op: 'del' as const, token })), ...b.map((token) => ({ op: 'ins' as const, token }))];
  }
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] = a[i] === b[j] ? table[(i + 1) * cols + j + 1]! + 1 : Math.max(table[(i + 1) * cols + j]!, table[i * cols + j + 1]!);
    }
  }
  const ops: { op: 'same' | 'del' | 'ins'; token: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      ops.push({ op: 'same', token: a[i]! });
      i++;
      j++;
    } else if (table[(i + 1) * cols + j]! >= table[i * cols + j + 1]!) {
      ops.push({ op: 'del', token: a[i++]! });
    } else {
      ops.push({ op: 'ins', token: b[j++]! });
    }
  }
  while (i < a.length) ops.push({ op: 'del', token: a[i++]! });
  while (j < b.length) ops.push({ op: 'ins', token: b[j++]! });
  return ops;
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
