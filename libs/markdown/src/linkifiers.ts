/**
 * Linkifiers (Zulip's realm filters): a Python regular expression with named groups and a URL
 * format string with `%(name)s` fields. Text the pattern matches becomes a link to the filled-in
 * URL, at the same word boundaries as Zulip (after whitespace or one of ' " ( , : < or at the
 * start, and not followed by a word character).
 *
 * Patterns run on RE2, whose matching time is linear in the text. An administrator writes them
 * and every message and topic of the realm runs them, and on a backtracking engine (JavaScript's
 * RegExp, Python's re) a pattern such as `#(?P<id>(a+)+b)` takes exponential time: `#` and 30 `a`
 * stalled a send, and the whole process with it, for 6 s, twice as long with each more `a`.
 * RE2 has no lookaround and no backreferences; patterns that use them are refused when added, and
 * the boundaries that Zulip writes as lookarounds are built from capture groups instead.
 */
import RE2 from 're2';

/**
 * Anything but Python's `\w` (str patterns are Unicode: letters, digits, underscore), or the end:
 * Zulip's `(?!\w)`. It is consumed rather than looked at, which picks the same match: RE2 keeps
 * Perl's leftmost-first choice, so the pattern's part is the first one (in the pattern's own
 * preference) that a non-word character or the end follows, as with the lookahead. Checking the
 * character after RE2's match in code instead would miss a shorter match the lookahead accepts
 * (`(?P<id>\d+-?)` on `12-x` links `12`).
 */
const NOT_FOLLOWED_BY_WORD = '(?:[^\\p{L}\\p{N}_]|$)';
/**
 * Python's `\s` (Unicode whitespace) or one of ' " ( , : <: a match starts after one of them or at
 * the start of the text (Zulip's `(?<![^\s'"\(,:<])`).
 */
const BOUNDARY_CHARACTER = `[\\t-\\r\\x1c-\\x20\\x85\\p{Z}'"(,:<]`;

/** A linkifier's match: the text that becomes the link, and the pattern's named groups. */
export interface LinkifierMatch {
  /** Where `text` starts in the searched string. */
  index: number;
  text: string;
  groups: Record<string, string | undefined> | undefined;
}

export interface CompiledLinkifier {
  urlFormatString: string;
  /**
   * The match starting exactly at `pos` of `text`, or null (none, or an empty one). The caller
   * checks the character before `pos` (the inline rule does, with the other links).
   */
  matchAt(text: string, pos: number): LinkifierMatch | null;
  /** Every match in `text` from left to right, not overlapping, as Python's finditer (a topic's links). */
  matchAll(text: string): LinkifierMatch[];
}

/**
 * Python's regex dialect → RE2's, for what they spell differently: Python's end of string `\Z` is
 * RE2's `\z`. (`(?P<name>...)`, `\A` and inline flags such as `(?i)` are the same in both. `\d`,
 * `\w`, `\s` and `\b` inside a pattern are ASCII in RE2 where Python's are Unicode; the
 * boundaries around the pattern below are Unicode, as Zulip's.)
 */
function pythonToRe2Pattern(pattern: string): string {
  return pattern.replace(/\\(.)/gsu, (escape: string, char: string) => (char === 'Z' ? '\\z' : escape));
}

class Re2Linkifier implements CompiledLinkifier {
  /** The pattern then the trailing boundary, anchored where lastIndex says (groups: 1 the pattern, then its own). */
  private readonly sticky: RE2;
  /**
   * Leading boundary, pattern, trailing boundary, searched from lastIndex (groups: 1 the lead, 2
   * the pattern). `fromStart` also takes the start of the text as the lead; `further`, for the
   * searches after a match, does not, so it cannot find that match again.
   */
  private readonly fromStart: RE2;
  private readonly further: RE2;

  constructor(
    pattern: string,
    readonly urlFormatString: string,
  ) {
    const source = pythonToRe2Pattern(pattern);
    // The pattern alone first: one with unbalanced parentheses (`a))|((b`) would otherwise
    // compile inside the wrapper below and break out of it.
    // 'u': RE2 reads every pattern as Unicode; the flag says so and keeps node-re2 from warning.
    new RE2(source, 'u');
    this.sticky = new RE2(`(${source})${NOT_FOLLOWED_BY_WORD}`, 'uy');
    this.fromStart = new RE2(`(^|${BOUNDARY_CHARACTER})(${source})${NOT_FOLLOWED_BY_WORD}`, 'ug');
    this.further = new RE2(`(${BOUNDARY_CHARACTER})(${source})${NOT_FOLLOWED_BY_WORD}`, 'ug');
  }

  matchAt(text: string, pos: number): LinkifierMatch | null {
    this.sticky.lastIndex = pos;
    const match = this.sticky.exec(text);
    const body = match?.[1];
    // An empty match would be an empty link: Zulip's inline patterns never make one.
    if (!match || !body) return null;
    return { index: pos, text: body, groups: match.groups };
  }

  matchAll(text: string): LinkifierMatch[] {
    const found: LinkifierMatch[] = [];
    let from = 0;
    while (from <= text.length) {
      // A match may start at `from` when the character before it is a boundary, so the search
      // starts one character back, where the leading group can take that character (never
      // inside a surrogate pair: an astral character is no boundary). Every match it finds
      // starts at `from` or later.
      let match: RegExpExecArray | null;
      if (from === 0) {
        this.fromStart.lastIndex = 0;
        match = this.fromStart.exec(text);
      } else {
        this.further.lastIndex = isLowSurrogateAfterHigh(text, from - 1) ? from : from - 1;
        match = this.further.exec(text);
      }
      if (!match) break;
      const body = match[2] ?? '';
      const index = match.index + (match[1] ?? '').length;
      found.push({ index, text: body, groups: match.groups });
      // Python goes on from the end of the match, and one character further after an empty one.
      from = index + (body.length > 0 ? body.length : (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1);
    }
    return found;
  }
}

function isLowSurrogateAfterHigh(text: string, at: number): boolean {
  const low = text.charCodeAt(at);
  const high = text.charCodeAt(at - 1);
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
}

/**
 * The compiled linkifier, or null when RE2 cannot compile the pattern (lookaround,
 * backreferences, a syntax error, a program over RE2's size limit).
 */
export function compileLinkifier(pattern: string, urlFormatString: string): CompiledLinkifier | null {
  try {
    return new Re2Linkifier(pattern, urlFormatString);
  } catch {
    return null;
  }
}

/** Whether linkifiers can run the pattern: POST /realm/filters refuses the others. */
export function isSupportedLinkifierPattern(pattern: string): boolean {
  return compileLinkifier(pattern, '') !== null;
}

/**
 * Python's `format % groupdict`: `%(name)s` takes the group, `%%` is a percent sign. A field
 * naming no group (Python's KeyError) yields null: the text stays unlinked.
 */
export function fillUrl(format: string, groups: Record<string, string | undefined> | undefined): string | null {
  let missing = false;
  const url = format.replace(/%\(([^)]+)\)s|%%/g, (field: string, name: string | undefined) => {
    if (name === undefined) return '%';
    if (!groups || !(name in groups)) {
      missing = true;
      return field;
    }
    return groups[name] ?? 'None';
  });
  return missing ? null : url;
}
