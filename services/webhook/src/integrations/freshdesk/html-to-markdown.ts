/**
 * HTML to markdown as Zulip turns a Freshdesk ticket's description into a quote: the text that
 * the html2text tool (run with --unicode-snob) writes, whose layout Zulip's messages keep, down
 * to its 78-column wrapping. Written to behave as that tool does on what ticket
 * descriptions hold: paragraphs and line breaks, emphasis, links and images, lists, quotes,
 * preformatted text, headings, rules and simple tables.
 */
import { walk, type HtmlHandler } from './html';
import { Layout } from './layout';
import { wrapParagraphs } from './wrap';

/** Brackets, parentheses and backslashes in link targets and image texts. */
const escapeLinkPart = (text: string): string => text.replace(/([\\[\]()])/g, '\\$1');

/** Text that would read as markdown syntax where it stands: escaped backslashes, list and numbering starts. */
function escapeText(text: string): string {
  return text
    .replace(/\\(?=[\\`*_{}[\]()#+\-.!])/g, '\\\\')
    .replace(/^(\s*\d+)(\.)(?=\s)/gm, '$1\\$2')
    .replace(/^(\s*)(\+)(?=\s)/gm, '$1\\$2')
    .replace(/^(\s*)(-)(?=\s|-)/gm, '$1\\$2');
}

const PARAGRAPH_TAGS = new Set(['p', 'div']);
const QUIET_TAGS = new Set(['head', 'style', 'script']);

/** What each tag and text means in markdown, as html2text writes it. */
class MarkdownWriter extends Layout implements HtmlHandler {
  private code = false;
  /** The open links' targets; null for an anchor without one. */
  private readonly links: ({ href: string; title: string } | null)[] = [];
  /** The target of a link whose text has not begun: if the text is the target, an automatic link. */
  private maybeLink: string | null = null;
  private emptyLink = false;
  /** The last text written, and whether emphasis just opened or closed before the next. */
  private precedingText = '';
  private stressed = false;
  private precedingStressed = false;
  private currentTag = '';
  private lastWasList = false;
  private splitNextCell = false;
  private tableStart = false;
  private cellCount = 0;

  /** The "[" of a link, once its first content shows it is not an automatic link. */
  private openLink(): void {
    this.emit('[');
    this.maybeLink = null;
    this.emptyLink = false;
  }

  text(data: string, fromEntity: boolean): void {
    if (this.maybeLink !== null) {
      if (data === this.maybeLink && /^[a-zA-Z+]+:\/\//.test(data)) {
        this.emit(`<${data}>`);
        this.emptyLink = false;
        return;
      }
      this.openLink();
    }
    let text = data;
    // Emphasis hugs its text: spaces inside it move outside.
    if (this.stressed) {
      text = text.trim();
      this.stressed = false;
      this.precedingStressed = true;
    } else if (this.precedingStressed) {
      if (/^[^\][(){}\s.!?]/.test(text) && !/^h\d$/.test(this.currentTag) && !['a', 'code', 'pre'].includes(this.currentTag)) {
        text = ` ${text}`;
      }
      this.precedingStressed = false;
    }
    if (!this.code && !this.pre && !fromEntity) text = escapeText(text);
    this.precedingText = text;
    this.emit(text, true);
  }

  tag(name: string, attrs: Record<string, string>, isStart: boolean): void {
    if (isStart) this.currentTag = name;
    if (isStart && this.maybeLink !== null && !['p', 'div', 'style', 'dl', 'dt', 'img'].includes(name)) this.openLink();
    const heading = /^h([1-9])$/.exec(name);
    if (heading) {
      this.paragraph();
      if (!isStart) return;
      this.emit(`${'#'.repeat(Number(heading[1]))} `);
    }
    if (PARAGRAPH_TAGS.has(name) && !(name === 'div' && this.links.length > 0)) this.paragraph();
    if (name === 'br' && isStart) this.emit(this.quoteDepth > 0 ? '  \n> ' : '  \n');
    if (name === 'hr' && isStart) {
      this.paragraph();
      this.emit('* * *');
      this.paragraph();
    }
    if (QUIET_TAGS.has(name)) this.quiet += isStart ? 1 : -1;
    if (name === 'body') this.quiet = 0;
    if (name === 'blockquote') this.blockquote(isStart);
    if (['em', 'i', 'u'].includes(name)) this.emphasis('_', isStart, (c) => !/[\s!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/.test(c));
    if (['strong', 'b'].includes(name)) this.emphasis('**', isStart, (c) => c === '*');
    if (['del', 'strike', 's'].includes(name)) this.emphasis('~~', isStart, (c) => c === ' ');
    if (['code', 'tt'].includes(name) && !this.pre) {
      this.emit('`');
      this.code = !this.code;
    }
    if (name === 'a') this.anchor(attrs, isStart);
    if (name === 'img' && isStart && attrs.src !== undefined) this.image(attrs);
    if (name === 'dl' && isStart) this.paragraph();
    if ((name === 'dt' || name === 'dd') && !isStart) this.lineBreak();
    if (name === 'dd' && isStart) this.emit('    ');
    this.list(name, attrs, isStart);
    this.table(name, isStart);
    if (name === 'pre') {
      this.pre = isStart;
      this.startPre = isStart;
      this.paragraph();
    }
  }

  /** An emphasis mark, set off by a space after text it would otherwise merge with. */
  private emphasis(mark: string, isStart: boolean, needsSpace: (last: string) => boolean): void {
    const last = this.precedingText.slice(-1);
    if (isStart && last && needsSpace(last)) {
      this.emit(` ${mark}`);
      this.precedingText += ' ';
    } else this.emit(mark);
    if (isStart) this.stressed = true;
  }

  private blockquote(isStart: boolean): void {
    if (isStart) {
      this.paragraph();
      this.emit('> ', false, true);
      this.start = true;
      this.quoteDepth++;
    } else {
      this.quoteDepth--;
      this.paragraph();
    }
  }

  private anchor(attrs: Record<string, string>, isStart: boolean): void {
    if (isStart) {
      const href = attrs.href;
      this.links.push(href === undefined ? null : { href, title: attrs.title ?? '' });
      if (href !== undefined) {
        this.maybeLink = href;
        this.emptyLink = true;
      }
      return;
    }
    if (this.links.length === 0) return;
    const link = this.links.pop();
    if (this.maybeLink && !this.emptyLink) this.maybeLink = null;
    else if (link) {
      if (this.emptyLink) this.openLink();
      const title = link.title.trim() ? ` "${escapeLinkPart(link.title)}"` : '';
      this.emit(`](${escapeLinkPart(link.href)}${title})`);
    }
  }

  private image(attrs: Record<string, string>): void {
    if (this.maybeLink !== null) this.openLink();
    this.emit(`![${escapeLinkPart(attrs.alt ?? '')}]`);
    this.emit(`(${escapeLinkPart(attrs.src ?? '')}${attrs.title ? ` "${attrs.title}"` : ''})`);
  }

  private list(name: string, attrs: Record<string, string>, isStart: boolean): void {
    if (name === 'ol' || name === 'ul') {
      if (this.lists.length === 0 && !this.lastWasList) this.paragraph();
      if (isStart) {
        const first = Number.parseInt(attrs.start ?? '', 10);
        this.lists.push({ ordered: name === 'ol', num: Number.isFinite(first) ? first - 1 : 0 });
      } else if (this.lists.length > 0) {
        this.lists.pop();
        if (this.lists.length === 0) this.emit('\n');
      }
      this.lastWasList = true;
      return;
    }
    this.lastWasList = false;
    if (name !== 'li') return;
    this.lineBreak();
    if (!isStart) return;
    const list = this.lists.at(-1) ?? { ordered: false, num: 0 };
    this.emit('  '.repeat(this.lists.length));
    this.emit(list.ordered ? `${++list.num}. ` : '* ');
    this.start = true;
  }

  private table(name: string, isStart: boolean): void {
    if (name === 'table' && isStart) this.tableStart = true;
    if ((name === 'td' || name === 'th') && isStart) {
      if (this.splitNextCell) this.emit('| ');
      this.splitNextCell = true;
      this.cellCount++;
    }
    if (name === 'tr' && isStart) this.cellCount = 0;
    if (name === 'tr' && !isStart) {
      this.splitNextCell = false;
      this.lineBreak();
      this.softBreak = '  ';
      if (this.tableStart) {
        this.emit(Array(this.cellCount).fill('---').join('|'));
        this.lineBreak();
        this.softBreak = '  ';
        this.tableStart = false;
      }
    }
  }
}

/**
 * The description as markdown, trimmed, with images as links named after their file (Zulip
 * previews a linked image; an empty image text would read as nothing).
 */
export function htmlToMarkdown(html: string): string {
  const writer = new MarkdownWriter();
  walk(html, writer);
  const markdown = wrapParagraphs(writer.close()).trim();
  return markdown.replace(/!\[\]\((\S*)\/(\S*)\?(\S*)\)/g, '[$2]($1/$2)');
}
