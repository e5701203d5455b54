/**
 * The output side of html2text: text written with the newlines a paragraph or line break owes
 * before whatever comes next, whitespace collapsed to single spaces, quote markers and the
 * indentation of preformatted text at each new line. The tags' meaning is html-to-markdown.ts's.
 */
import { NBSP_PLACEHOLDER } from './html';

export class Layout {
  private readonly out: string[] = [];
  private lastWasNewline = false;
  /** Newlines owed before the next output (a paragraph owes two). */
  private owed = 0;
  private space = false;
  /** Written before each owed newline once (a table row's hard break). */
  protected softBreak = '';
  /** At the start of a block (a quote, a list item): no space or newline owed yet. */
  protected start = true;
  /** Inside head, style or script: nothing is written. */
  protected quiet = 0;
  protected pre = false;
  protected startPre = false;
  protected quoteDepth = 0;
  protected readonly lists: { ordered: boolean; num: number }[] = [];

  private write(text: string): void {
    this.out.push(text);
    if (text) this.lastWasNewline = text.endsWith('\n');
  }

  protected lineBreak(): void {
    if (this.owed === 0) this.owed = 1;
  }

  protected paragraph(): void {
    this.owed = 2;
  }

  /** Output, with whitespace collapsed in text and the newlines and space owed before it. */
  protected emit(text: string, pureText = false, force: boolean | 'end' = false): void {
    if (this.quiet) return;
    let data = text;
    if (pureText && !this.pre) {
      data = data.replace(/\s+/g, ' ');
      if (data.startsWith(' ')) {
        this.space = true;
        data = data.slice(1);
      }
    }
    if (!data && !force) return;
    if (this.startPre && !data.startsWith('\n')) data = `\n${data}`;
    // A stray closing tag can take the depth below zero: no marker then, as Python's ">" * -1 is "".
    let prefix = '>'.repeat(Math.max(0, this.quoteDepth));
    if (!(force && data.startsWith('>')) && this.quoteDepth !== 0) prefix += ' ';
    if (this.pre) {
      prefix += '    '.repeat(Math.max(1, this.lists.length));
      data = data.replace(/\n/g, `\n${prefix}`);
    }
    if (this.startPre) {
      this.startPre = false;
      if (this.lists.length) data = data.replace(/^\n+/, '');
    }
    if (this.start) {
      this.space = false;
      this.owed = 0;
      this.start = false;
    }
    if (force === 'end') {
      this.owed = 0;
      this.write('\n');
      this.space = false;
    }
    if (this.owed) {
      this.write(`${this.softBreak}\n${prefix}`.repeat(this.owed));
      this.space = false;
      this.softBreak = '';
    }
    if (this.space) {
      if (!this.lastWasNewline) this.write(' ');
      this.space = false;
    }
    this.owed = 0;
    this.write(data);
  }

  /** Everything written, before the paragraphs are filled. */
  close(): string {
    this.lineBreak();
    this.emit('', false, 'end');
    return this.out.join('').replaceAll(NBSP_PLACEHOLDER, '\u00a0');
  }
}
