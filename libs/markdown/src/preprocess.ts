/**
 * Text-level steps Python-Markdown takes before parsing, which markdown-it does not.
 */
import { ETX, STX } from './fences';

/** Python's str.expandtabs(4): a tab moves to the next multiple of four columns. */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(4 - (out.length % 4)) : ch;
  return out;
}

/** Line endings to \n, tabs expanded, and the placeholder delimiters removed. */
export function normalizeSource(content: string): string {
  return content.split(STX).join('').split(ETX).join('').replace(/\r\n?/g, '\n').split('\n').map(expandTabs).join('\n');
}

const LIST_ITEM = /^( *)(?:(\d+)([.)])|[*+-])( +)\S/;

export interface NestedLists {
  text: string;
  /** Line → the number a nested ordered list really starts at (its marker was made `1.`). */
  listStarts: Map<number, number>;
}

/**
 * Zulip nests a list item under the one above it when it is indented by two spaces, even below
 * `1. `, whose content CommonMark says starts at column three. Such items are moved right to the
 * parent's content column so markdown-it nests them the same way. A nested ordered list may also
 * start at any number in Zulip, while CommonMark lets only `1.` interrupt the parent's text: its
 * marker becomes `1.` and the real start is returned for the renderer.
 */
export function nestListsByTwoSpaces(text: string): NestedLists {
  let items: { indent: number; content: number }[] = [];
  const listStarts = new Map<number, number>();
  let previousBlank = false;
  const lines = text.split('\n').map((line, index) => {
    if (line.trim() === '') {
      previousBlank = true;
      return line;
    }
    const match = LIST_ITEM.exec(line);
    if (!match) {
      if (previousBlank && !line.startsWith(' ')) items = [];
      previousBlank = false;
      return line;
    }
    previousBlank = false;
    const [, spaces, number, delimiter, gap] = match as unknown as [string, string, string | undefined, string | undefined, string];
    let indent = spaces.length;
    while (items.length > 0 && items[items.length - 1]!.indent >= indent) items.pop();
    const parent = items[items.length - 1];
    let shifted = line;
    if (parent && indent - parent.indent >= 2 && indent < parent.content) {
      shifted = ' '.repeat(parent.content - indent) + line;
      indent = parent.content;
    }
    const markerWidth = number !== undefined ? number.length + 1 : 1;
    if (parent && number !== undefined && Number(number) !== 1) {
      listStarts.set(index, Number(number));
      shifted = `${' '.repeat(indent)}1${delimiter}${' '.repeat(number.length - 1)}${gap}${line.slice(spaces.length + markerWidth + gap.length)}`;
    }
    items.push({ indent, content: indent + markerWidth + gap.length });
    return shifted;
  });
  return { text: lines.join('\n'), listStarts };
}

const QUOTE_LINE = /^ {0,3}>/;

/**
 * Python-Markdown puts everything from a block's first `>` line up to the next blank line into
 * the quote, `>` or not; CommonMark ends the quote where a line without `>` cannot continue its
 * paragraph (after `>` alone, before a list). The unmarked lines get their `>`.
 */
export function extendQuotes(text: string): string {
  let inQuote = false;
  return text
    .split('\n')
    .map((line) => {
      if (line.trim() === '') inQuote = false;
      else if (QUOTE_LINE.test(line)) inQuote = true;
      else if (inQuote) return `> ${line}`;
      return line;
    })
    .join('\n');
}
