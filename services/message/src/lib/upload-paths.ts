/** The names of uploaded files: how one is stored (Zulip's sanitize_name) and how a message links it. */

/**
 * Zulip's sanitize_name: compatibility-normalized, only word characters, spaces, dots and
 * dashes kept, runs of spaces and dashes made one dash.
 */
export function sanitizeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_\s.-]/gu, '')
    .trim()
    .replace(/[-\s]+/g, '-');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'uploaded-file' : cleaned;
}

/** The path ids a message's content links (relative or on this server), without duplicates. */
export function linkedPathIds(content: string): string[] {
  const ids = new Set<string>();
  // Trailing punctuation ends a sentence, not the link.
  for (const match of content.matchAll(/\/user_uploads\/(\d+\/[^\s()<>[\]"'`]+)/g)) ids.add(match[1]!.replace(/[.,;:!?]+$/, ''));
  return [...ids];
}
