/**
 * Zulip's fenced blocks, handled before markdown parsing as Zulip does: a line-based pass with a
 * stack of open blocks. ``` or ~~~ (three or more) opens a block; `quote` makes a blockquote whose
 * lines are parsed again (so fences nest inside quotes), anything else a code block that only
 * the same fence closes. An unclosed block runs to the end of the message.
 *
 * Code blocks leave a placeholder paragraph that is swapped for the highlighted HTML after
 * rendering, so markdown never looks inside them.
 */
import { escapeCode } from './html';

/** The language may come as `py`, `.py` or `{py}`. Python's `+-.` in a class is the range + , - . */
const FENCE = /^(~{3,}|`{3,})[ ]*(?:\{?\.?([a-zA-Z0-9_+,\-./#]*)\}?)?[ ]*$/;

/** Placeholder delimiters; they are stripped from the input so a message cannot forge one. */
export const STX = '\u0002';
export const ETX = '\u0003';

export interface Preprocessed {
  text: string;
  /** Rendered code blocks by placeholder index. */
  blocks: string[];
}

interface Block {
  fence: string;
  kind: 'outer' | 'quote' | 'code';
  lang: string;
  lines: string[];
}

/** What Pygments prints for a block (no lexer: plain text, escaped, newline-terminated). */
export function codeBlockHtml(code: string): string {
  const body = code.replace(/^\n+/, '').replace(/\n+$/, '');
  return `<div class="codehilite"><pre><span></span>${escapeCode(body)}\n</pre></div>`;
}

/**
 * Quote lines get `> `; blank lines between its paragraphs get a bare `>` so the quote stays one
 * blockquote (Python-Markdown merges adjacent quotes, CommonMark would not).
 */
function quoteLines(lines: string[]): string[] {
  const paragraphs = lines.join('\n').split('\n\n');
  const out: string[] = [];
  paragraphs.forEach((paragraph, i) => {
    const quoted = paragraph.split('\n').filter((line) => line !== '').map((line) => `> ${line}`);
    if (quoted.length === 0) return;
    if (i > 0 && out.length > 0) out.push('>');
    out.push(...quoted);
  });
  return out;
}

export function preprocessFences(text: string): Preprocessed {
  const blocks: string[] = [];
  const stack: Block[] = [{ fence: '', kind: 'outer', lang: '', lines: [] }];

  const close = (): void => {
    const block = stack.pop()!;
    const parent = stack[stack.length - 1]!.lines;
    if (block.kind === 'quote') {
      parent.push('', ...quoteLines(block.lines), '');
    } else {
      blocks.push(codeBlockHtml(block.lines.join('\n')));
      parent.push('', `${STX}${blocks.length - 1}${ETX}`, '');
    }
  };

  const openOrKeep = (block: Block, line: string): void => {
    const match = FENCE.exec(line);
    if (!match) {
      block.lines.push(line);
      return;
    }
    const lang = (match[2] ?? '').toLowerCase();
    stack.push({ fence: match[1]!, kind: lang === 'quote' || lang === 'quoted' ? 'quote' : 'code', lang, lines: [] });
  };

  for (const line of text.split('\n')) {
    const top = stack[stack.length - 1]!;
    if (top.kind === 'outer') openOrKeep(top, line);
    else if (line.trimEnd() === top.fence) close();
    else if (top.kind === 'quote') openOrKeep(top, line);
    else top.lines.push(line.trimEnd());
  }
  while (stack.length > 1) close();
  return { text: stack[0]!.lines.join('\n'), blocks };
}

/** Puts the code blocks back; a block is followed by two blank lines as in Zulip's output. */
export function restoreCodeBlocks(html: string, blocks: string[]): string {
  if (blocks.length === 0) return html;
  const placeholder = new RegExp(`(<p>)?${STX}(\\d+)${ETX}(</p>)?`, 'g');
  return html.replace(placeholder, (_all, open: string | undefined, index: string, closeTag: string | undefined) => {
    const block = blocks[Number(index)] ?? '';
    return open && closeTag ? `${block}\n\n` : block;
  });
}
