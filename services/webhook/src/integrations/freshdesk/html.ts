/**
 * Reading HTML as Python's HTMLParser reports it to html2text: start and end tags with their
 * attributes, and text split at its character references (decoded, and marked so, since
 * html2text does not escape them).
 */

/** What a reference to a no-break space becomes until the layout is done: it must stay one. */
export const NBSP_PLACEHOLDER = '\u0000nbsp\u0000';

/** HTML 4's Latin-1 entities, U+00A0 to U+00FF in order. */
const LATIN1 = (
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro ' +
  'para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil ' +
  'Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave ' +
  'Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml ' +
  'igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'
).split(' ');

/** HTML 4's other named references that text commonly holds, with their code points. */
const OTHERS =
  'quot 34 amp 38 lt 60 gt 62 OElig 338 oelig 339 Scaron 352 scaron 353 Yuml 376 fnof 402 circ 710 tilde 732 ensp 8194 ' +
  'emsp 8195 thinsp 8201 zwnj 8204 zwj 8205 lrm 8206 rlm 8207 ndash 8211 mdash 8212 lsquo 8216 rsquo 8217 sbquo 8218 ' +
  'ldquo 8220 rdquo 8221 bdquo 8222 dagger 8224 Dagger 8225 bull 8226 hellip 8230 permil 8240 lsaquo 8249 rsaquo 8250 ' +
  'euro 8364 trade 8482 larr 8592 uarr 8593 rarr 8594 darr 8595 harr 8596';

/** Named references as HTML 4 defines them (so no &apos;, which Python's table lacks too). */
const ENTITIES: Record<string, string> = Object.fromEntries([
  ...LATIN1.map((name, i) => [name, String.fromCodePoint(0xa0 + i)]),
  ...Array.from(OTHERS.matchAll(/(\w+) (\d+)/g), (m) => [m[1]!, String.fromCodePoint(Number(m[2]))]),
  ['nbsp', NBSP_PLACEHOLDER],
]);

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

export interface HtmlHandler {
  text(data: string, fromEntity: boolean): void;
  tag(name: string, attrs: Record<string, string>, isStart: boolean): void;
}

/** Feeds the document to the writer: tags, and text split at its character references. */
export function walk(html: string, handler: HtmlHandler): void {
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
        if (decoded !== undefined) handler.text(decoded, true);
        else if (part) handler.text(part, false);
      }
      continue;
    }
    const name = tagName.toLowerCase();
    const isEnd = all.startsWith('</');
    raw = !isEnd && (name === 'script' || name === 'style') ? name : null;
    handler.tag(name, isEnd ? {} : attributes(rest ?? ''), !isEnd);
    // A self-closing tag also ends, as Python's parser reports it.
    if (!isEnd && /\/\s*$/.test(rest ?? '')) handler.tag(name, {}, false);
  }
}
