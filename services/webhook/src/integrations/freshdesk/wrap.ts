/**
 * The layout html2text gives its markdown: every paragraph filled to 78 columns as Python's
 * textwrap.wrap fills it (words never broken, lines may break after a hyphen between letters),
 * except lines that read as code, lists or tables; runs of empty lines kept to one.
 */
const WIDTH = 78;

/** Python's str.strip() is empty: any Unicode whitespace, a no-break space included. */
const isBlank = (chunk: string): boolean => chunk.trim() === '';

/**
 * Words and the whitespace between them (ASCII whitespace, as textwrap's: a no-break space joins
 * words); a hyphenated word splits after its hyphens.
 */
function chunks(text: string): string[] {
  const parts = text.replace(/[\t\n\v\f\r]/g, ' ').match(/ +|[^ ]+/g) ?? [];
  return parts.flatMap((part) => (part.startsWith(' ') ? [part] : part.split(/(?<=\p{L}{2}-)(?=\p{L}-?\p{L})/u)));
}

/** textwrap.wrap(text, 78, break_long_words=False). */
export function wrap(text: string): string[] {
  const pending = chunks(text).reverse();
  const lines: string[] = [];
  while (pending.length > 0) {
    // Whitespace where a line breaks is dropped, except before the first line.
    if (lines.length > 0 && isBlank(pending.at(-1)!)) pending.pop();
    const line: string[] = [];
    let length = 0;
    while (pending.length > 0 && length + pending.at(-1)!.length <= WIDTH) {
      length += pending.at(-1)!.length;
      line.push(pending.pop()!);
    }
    // A word longer than a line gets one of its own.
    if (pending.length > 0 && pending.at(-1)!.length > WIDTH && line.length === 0) line.push(pending.pop()!);
    if (line.length > 0 && isBlank(line.at(-1)!)) line.pop();
    if (line.length > 0) lines.push(line.join(''));
  }
  return lines;
}

/** Lines that filling would break: code, list items, tables. */
function keepsItsLayout(line: string): boolean {
  if (line.startsWith('    ') || line.startsWith('\t')) return true;
  const stripped = line.trimStart();
  if (stripped.startsWith('--') && stripped.length > 2 && stripped[2] !== '-') return false;
  if ((stripped.startsWith('-') || stripped.startsWith('*')) && !stripped.startsWith('**')) return true;
  if (/( \| )|(-\+-)|(\| -)/.test(line)) return true;
  return /^\d+\.\s/.test(stripped) || /^[-*+]\s/.test(stripped);
}

export function wrapParagraphs(text: string): string {
  let result = '';
  let newlines = 0;
  for (const line of text.split('\n')) {
    if (line.length === 0) {
      if (newlines < 2) {
        result += '\n';
        newlines++;
      }
    } else if (!keepsItsLayout(line)) {
      result += wrap(line).join('\n');
      // Two trailing spaces are a hard line break: the next line follows directly.
      if (line.endsWith('  ')) {
        result += '  \n';
        newlines = 1;
      } else {
        result += '\n\n';
        newlines = 2;
      }
    } else if (!/^\s\+/.test(line)) {
      result += `${line}\n`;
      newlines = 1;
    }
  }
  return result;
}
