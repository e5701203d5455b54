/**
 * Which bare words in text become links, as Zulip 2.1 finds them (its autolink regex, rebuilt
 * here). Which URLs a link may point at is ./url-policy.ts.
 */
import tlds from 'tlds';

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
