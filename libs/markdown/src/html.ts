/**
 * Escaping as Zulip's renderer does it. Python-Markdown escapes text nodes with & < > only, so a
 * quote in a message stays a quote in the HTML; attributes also escape `"`; code blocks go
 * through Pygments, which escapes both quote characters.
 */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

export function escapeCode(text: string): string {
  return escapeAttribute(text).replace(/'/g, '&#39;');
}
