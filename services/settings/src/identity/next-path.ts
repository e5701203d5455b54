/**
 * Where a login may land: a path on this server only. Anything that a browser could read as
 * another origin (`//evil`, `/\evil`, `https://...`, control characters) lands at `/` instead,
 * so the login URL cannot be used to send people elsewhere.
 */
const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;

export function safeNextPath(next: string | undefined): string {
  if (next === undefined || next === '') return '/';
  if (!next.startsWith('/') || next.startsWith('//')) return '/';
  if (next.includes('\\') || [...next].some(isControl)) return '/';
  // Resolved against a placeholder origin, it must stay there (no scheme-relative tricks).
  const base = 'http://same.invalid';
  try {
    const url = new URL(next, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}
