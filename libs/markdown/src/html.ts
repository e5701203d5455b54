/**
 * Escaping as Zulip's renderer does it. Python-Markdown escapes text nodes with & < > only, so a
 * quote in a message stays a quote in the HTML; attributes also escape `"`; code blocks go
 * through Pygments, which escapes both quote characters.
 */
import { sanitizeUrl } from './url-policy';

export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

export function escapeCode(text: string): string {
  return escapeAttribute(text).replace(/'/g, '&#39;');
}

/**
 * `name="url"` for an attribute a client follows (href, src), the URL through the one policy
 * (./url-policy.ts); nothing at all when the policy refuses it. Callers that can keep the
 * markdown as text instead ask sanitizeUrl first.
 */
export function urlAttribute(name: 'href' | 'src' | 'data-src-fullsize', url: string): string {
  const safe = sanitizeUrl(url);
  return safe === null ? '' : `${name}="${escapeAttribute(safe)}"`;
}
