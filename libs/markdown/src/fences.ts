/**
 * Zulip's fenced blocks, handled before markdown parsing as Zulip does: a line-based pass with a
 * stack of open blocks. ``` or ~~~ (three or more) opens a block; `quote` makes a blockquote whose
 * lines are parsed again (so fences nest inside quotes), anything else a code block that only
 * the same fence closes. An unclosed block runs to the end of the message.
 *
 * Code blocks leave a placeholder paragraph that is swapped for the highlighted HTML after
 * rendering, so markdown never looks inside them.
 */
import codeLanguages from './code-languages.json';
import { escapeAttribute, escapeCode } from './html';

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

const LEXER_NAMES: Record<string, string | undefined> = codeLanguages.names;

/**
 * Zulip's data-code-language: the name of the Pygments lexer the language selects (`py` and
 * `python3` are both `Python`), or the language as written (lower-cased) when Pygments has none.
 */
export function codeLanguage(lang: string): string {
  return (Object.hasOwn(LEXER_NAMES, lang) ? LEXER_NAMES[lang] : undefined) ?? lang;
}

/**
 * A code block as Zulip's current server writes it, the markup today's clients parse (the mobile
 * app shows anything else as unsupported content): Pygments' HTML, its lines wrapped in <code>,
 * and data-code-language when the fence named a language. No highlighting yet, so the code is one
 * escaped text; highlighted tokens, when they come, are spans with Pygments' short class names.
 */
export function codeBlockHtml(code: string, lang = ''): string {
  const body = code.replace(/^\n+/, '').replace(/\n+$/, '');
  const language = lang === '' ? '' : ` data-code-language="${escapeAttribute(codeLanguage(lang))}"`;
  return `<div class="codehilite"${language}><pre><span></span><code>${escapeCode(body)}\n</code></pre></div>`;
}

/**
 * Quote lines get `> `; blank lines between its paragraphs get a bare `>` so the quote stays one
 * blockquote (Python-Markdown merges adjacent quotes, CommonMark would not).
 */
function quoteLines(lines: string[]): string[] {
  const paragraphs = lines.join('\n').split('\n\n');
  const out: string[] = [];
  paragraphs.forEach((paragraph, i) => {
    const quoted = paragraph
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => `> ${line}`);
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
      blocks.push(codeBlockHtml(block.lines.join('\n'), block.lang));
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
