/**
 * Slack's mrkdwn as our markdown, the way Zulip's Slack importer converts it (its
 * slack_message_conversion): `<url|label>` links, `<mailto:...>` addresses, and `*bold*`,
 * `_italic_` and `~strike~` only where Slack itself would format them.
 */

/**
 * `<https://host.tld/path|label>` and `<host.tld>`: a lowercase host with a dot and a 2–63 letter
 * top-level domain, an optional path, an optional label after a bar.
 */
const LINK =
  /(<)(http:\/\/www\.|https:\/\/www\.|http:\/\/|https:\/\/|ftp:\/\/)?([a-z0-9]+([-.]{1}[a-z0-9]+)*)(\.)([a-z]{2,63}(:[0-9]{1,5})?)(\/[^>]*)?(\|)?(?:\|([^>]+))?(>)/g;

/** Python's `\w` (letters, digits and underscore in any script), inside a character class. */
const W = '\\p{L}\\p{N}_';
const ADDRESS = `[${W}.-]+@[${W}.-]+(\\.[${W}]+)+`;
const MAILTO = new RegExp(`<((mailto:)?(${ADDRESS}))(\\|)?(${ADDRESS})?>`, 'gu');

/**
 * Each match found in the original text is replaced wherever it occurs in the text as converted
 * so far (the importer's str.replace), so a link written twice is converted in both places.
 */
function replaceEach(text: string, pattern: RegExp, convert: (match: RegExpExecArray) => string): string {
  let out = text;
  for (const match of text.matchAll(pattern)) out = out.split(match[0]).join(convert(match as RegExpExecArray));
  return out;
}

/** `<https://x.org|X>` → `[X](https://x.org)`, `<https://x.org>` → `https://x.org`, `<mailto:a@b.org|a@b.org>` → `mailto:a@b.org`. */
export function replaceLinks(text: string): string {
  const linked = replaceEach(text, LINK, ([whole]) => {
    const inner = whole.slice(1, -1);
    const bar = inner.indexOf('|');
    return bar < 0 ? inner : `[${inner.slice(bar + 1)}](${inner.slice(0, bar)})`;
  });
  return replaceEach(linked, MAILTO, (match) => match[1]!);
}

/**
 * A marked span: the mark must follow the start of a line or punctuation, a space or a symbol
 * (not the mark itself, a backtick, `@`, a backslash or a closing bracket or quote), enclose no
 * other mark, and be followed by the same kinds of character (not an opening bracket or quote)
 * or the end of a line. So `a*b*c` and snake_case_names stay as written.
 */
function spanPattern(mark: string): RegExp {
  const m = mark === '*' ? '\\*' : mark;
  return new RegExp(
    `((?![${m}\`@\\\\\\p{Pf}\\p{Pe}])[\\p{P}\\p{Zs}\\p{S}]|^)(${m})([^${m}]+)(${m})((?![${m}\`@\\\\\\p{Pi}\\p{Ps}])(?=[\\p{P}\\p{Zs}\\p{S}]|$))`,
    'gmu',
  );
}

const BOLD = spanPattern('*');
const STRIKE = spanPattern('~');
const ITALIC = spanPattern('_');

function convertSpans(text: string, pattern: RegExp, mark: string): string {
  return text.replace(pattern, (_whole, before: string, _open: string, inner: string) => `${before}${mark}${inner}${mark}`);
}

/** `*bold*` → `**bold**`, `~strike~` → `~~strike~~`, `_italic_` → `*italic*`, in that order. */
export function convertSlackFormatting(text: string): string {
  return convertSpans(convertSpans(convertSpans(text, BOLD, '**'), STRIKE, '~~'), ITALIC, '*');
}
