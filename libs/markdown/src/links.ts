/**
 * Links as Zulip 2.1 makes them: which URLs a [text](url) may point at, and which bare words in
 * text become links (its autolink regex, rebuilt here).
 */
import tlds from 'tlds';

/** Schemes a link may use; any other scheme leaves the markdown as text (no javascript:). */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'ftp', 'mailto', 'file', 'bitcoin']);
/** Schemes that have no //host part. */
const LOCATIONLESS_SCHEMES = new Set(['mailto', 'news', 'file', 'bitcoin']);

/**
 * Zulip's sanitize_url: the href to use, or null when the link must stay text. A schemeless
 * address gets http://, a bare e-mail address mailto:.
 */
export function sanitizeUrl(url: string): string | null {
  const schemeMatch = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url);
  const scheme = schemeMatch ? schemeMatch[1]!.toLowerCase() : '';
  const rest = schemeMatch ? url.slice(schemeMatch[0].length) : url;
  const hasHost = rest.startsWith('//');
  if (!scheme && !hasHost) {
    if (/^[^/?#]*@/.test(rest)) return `mailto:${url}`;
    if (url.startsWith('/') || url.startsWith('#')) return url;
  }
  if (!scheme) return url === '' ? null : sanitizeUrl(`http://${url}`);
  if (!hasHost && !LOCATIONLESS_SCHEMES.has(scheme)) return null;
  if (!ALLOWED_SCHEMES.has(scheme)) return null;
  return url;
}

/**
 * Zulip left out two country codes from IANA's list because they are better known as file
 * extensions (views.py, readme.md).
 */
const EXCLUDED_TLDS = new Set(['py', 'md']);

const WORD = '[\\p{L}\\p{N}_]';

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A path segment with balanced parentheses nested at most seven deep, as Zulip allows. */
function parenthesisedPath(): string {
  const plain = '[^\\s()"]*?';
  let chunk = '[^\\s()"]*';
  for (let depth = 0; depth < 7; depth++) chunk = `${plain}(?:\\(${chunk}\\)${plain})*`;
  return chunk;
}

function buildWebLinkRegex(): RegExp {
  const tldAlternatives = (tlds as string[])
    .filter((tld) => !EXCLUDED_TLDS.has(tld))
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex)
    .join('|');
  const host = `(?:https?://[${WORD.slice(1, -1)}.:@-]+?|(?:[${WORD.slice(1, -1)}-]+\\.)+(?:${tldAlternatives}))`;
  const url = `${host}(?:/${parenthesisedPath()})?`;
  const email = `[${WORD.slice(1, -1)}.-]+@[${WORD.slice(1, -1)}.-]+\\.${WORD}+`;
  const bitcoin = 'bitcoin:[13][a-km-zA-HJ-NP-Z1-9]{25,34}';
  // A link ends before optional trailing punctuation followed by whitespace or the end.
  const end = `(?=[!:;?),.'">]*(?:$|\\s))`;
  return new RegExp(`(?:${url}|${email}|${bitcoin})${end}`, 'iuy');
}

let webLink: RegExp | undefined;

/** Characters after which a link, a mention or a linkifier match may start (or the start). */
export function isLinkBoundary(previous: string | undefined): boolean {
  return previous === undefined || /[\s'"(,:<]/u.test(previous);
}

/** The bare link starting exactly at `pos` of `text`, with its href, or null. */
export function matchWebLink(text: string, pos: number): { text: string; href: string } | null {
  webLink ??= buildWebLinkRegex();
  webLink.lastIndex = pos;
  const match = webLink.exec(text);
  if (!match) return null;
  const found = match[0];
  let href: string;
  if (/^https?:\/\//i.test(found) || found.startsWith('bitcoin:')) href = found;
  else if (found.includes('@') && !found.includes('/')) href = `mailto:${found}`;
  else href = `http://${found}`;
  return { text: found, href };
}
