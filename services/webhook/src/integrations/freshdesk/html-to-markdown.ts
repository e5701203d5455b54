/**
 * HTML to markdown as Zulip turns a Freshdesk ticket's description into a quote: the text that
 * the html2text tool (run with --unicode-snob) writes, whose layout Zulip's messages keep, down
 * to its 78-column wrapping. Written from that tool's documented output, for what ticket
 * descriptions hold: paragraphs and line breaks, emphasis, links and images, lists, quotes,
 * preformatted text, headings, rules and simple tables.
 */
import { wrapParagraphs } from './wrap';

const NBSP_PLACEHOLDER = '\u0000nbsp\u0000';
/** HTML 4's Latin-1 entities, U+00A0 to U+00FF in order. */
const LATIN1 = (
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro ' +
  'para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil ' +
  'Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave ' +
  'Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml ' +
  'igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'
).split(' ');

/** Named references as HTML 4 defines them (no &apos;); a no-break space stays one through the layout. */
const ENTITIES: Record<string, string> = {
  ...Object.fromEntries(LATIN1.map((name, i) => [name, String.fromCodePoint(0xa0 + i)])),
  ...Object.fromEntries(
    Object.entries({
      quot: 34,
      amp: 38,
      lt: 60,
      gt: 62,
      OElig: 338,
      oelig: 339,
      Scaron: 352,
      scaron: 353,
      Yuml: 376,
      fnof: 402,
      circ: 710,
      tilde: 732,
      ensp: 8194,
      emsp: 8195,
      thinsp: 8201,
      zwnj: 8204,
      zwj: 8205,
      lrm: 8206,
      rlm: 8207,
      ndash: 8211,
      mdash: 8212,
      lsquo: 8216,
      rsquo: 8217,
      sbquo: 8218,
      ldquo: 8220,
      rdquo: 8221,
      bdquo: 8222,
      dagger: 8224,
      Dagger: 8225,
      bull: 8226,
      hellip: 8230,
      permil: 8240,
      lsaquo: 8249,
      rsaquo: 8250,
      euro: 8364,
      trade: 8482,
      larr: 8592,
      uarr: 8593,
      rarr: 8594,
      darr: 8595,
      harr: 8596,
    }).map(([name, code]) => [name, String.fromCodePoint(code)]),
  ),
  nbsp: NBSP_PLACEHOLDER,
};

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

function decodeEntity(name: string): string | undefined {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  }
  return Object.hasOwn(ENTITIES, name) ? ENTITIES[name] : undefined;
}

function attributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    attrs[m[1]!.toLowerCase()] = value.replace(
      /&(#?\w+);/g,
      (all, name: string) => decodeEntity(name)?.replace(NBSP_PLACEHOLDER, '\u00a0') ?? all,
    );
  }
  return attrs;
}

const PARAGRAPH_TAGS = new Set(['p', 'div']);
const QUIET_TAGS = new Set(['head', 'style', 'script']);

/** The writer's state as it walks the document. */
class Writer {
  private readonly out: string[] = [];
  private lastWasNewline = false;
  /** Newlines owed before the next output (a paragraph owes two). */
  private owed = 0;
  private start = true;
  private space = false;
  private softBreak = '';
  private quiet = 0;
  private pre = false;
  private startPre = false;
  private code = false;
  private quoteDepth = 0;
  /** The open links' targets; null for an anchor without one. */
  private readonly links: ({ href: string; title: string } | null)[] = [];
  private maybeLink: string | null = null;
  /** The last text written, and whether emphasis just opened or closed before the next. */
  private precedingText = '';
  private stressed = false;
  private precedingStressed = false;
  private currentTag = '';
  private emptyLink = false;
  private readonly lists: { ordered: boolean; num: number }[] = [];
  private lastWasList = false;
  private splitNextCell = false;
  private tableStart = false;
  private cellCount = 0;

  private write(text: string): void {
    this.out.push(text);
    if (text) this.lastWasNewline = text.endsWith('\n');
  }

  private lineBreak(): void {
    if (this.owed === 0) this.owed = 1;
  }

  private paragraph(): void {
    this.owed = 2;
  }

  /** Output, with whitespace collapsed in text and the newlines and space owed before it. */
  emit(text: string, pureText = false, force: boolean | 'end' = false): void {
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
    let prefix = '>'.repeat(this.quoteDepth);
    if (!(force && data.startsWith('>')) && this.quoteDepth) prefix += ' ';
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

  close(): string {
    this.lineBreak();
    this.emit('', false, 'end');
    return this.out.join('').replaceAll(NBSP_PLACEHOLDER, '\u00a0');
  }
}

/** Feeds the document to the writer: tags, and text split at its character references. */
function walk(html: string, writer: Writer): void {
  const token = /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?|<\/?([a-zA-Z][^\s/>]*)([^>]*)>|[^<]+|</g;
  let raw: string | null = null;
  for (const m of html.matchAll(token)) {
    const [all, tagName, rest] = m;
    // The content of script and style is text up to their closing tag, whatever it holds.
    if (raw !== null && !new RegExp(`^</${raw}\\b`, 'i').test(all)) continue;
    if (tagName === undefined) {
      if (all.startsWith('<!') || all.startsWith('<?')) continue;
      for (const part of all.split(/(&#?\w+;)/)) {
        const entity = /^&(#?\w+);$/.exec(part);
        const decoded = entity ? decodeEntity(entity[1]!) : undefined;
        if (decoded !== undefined) writer.text(decoded, true);
        else if (part) writer.text(part, false);
      }
      continue;
    }
    const name = tagName.toLowerCase();
    const isEnd = all.startsWith('</');
    raw = !isEnd && (name === 'script' || name === 'style') ? name : null;
    writer.tag(name, isEnd ? {} : attributes(rest ?? ''), !isEnd);
    // A self-closing tag also ends, as Python's parser reports it.
    if (!isEnd && /\/\s*$/.test(rest ?? '')) writer.tag(name, {}, false);
  }
}

/**
 * The description as markdown, trimmed, with images as links named after their file (Zulip
 * previews a linked image; an empty image text would read as nothing).
 */
export function htmlToMarkdown(html: string): string {
  const writer = new Writer();
  walk(html, writer);
  const markdown = wrapParagraphs(writer.close()).trim();
  return markdown.replace(/!\[\]\((\S*)\/(\S*)\?(\S*)\)/g, '[$2]($1/$2)');
}
