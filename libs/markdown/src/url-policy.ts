/**
 * The one URL policy of rendered HTML: every href and src the renderer writes (links, bare URLs,
 * linkifier results, topic links, stream links, image previews and their thumbnails, realm emoji,
 * !avatar) is the result of sanitizeUrl, or the link is not made.
 *
 * Other clients (the mobile and terminal apps, bots) show `rendered_content` without this server's
 * Content-Security-Policy, so the markup itself must carry no script. The policy follows Zulip's
 * sanitize_url (zerver/lib/markdown): an allow-list of schemes; a link without a scheme is a path
 * on this server (`/...`), a fragment (`#...`), an e-mail address (mailto:) or else a web address
 * (http:// is added). What it adds to Zulip's: the scheme is read the way a browser's URL parser
 * reads it, so no spelling can pass as another scheme, and it never writes a reference relative
 * to the scheme (`//host`, `/\host`), which would leave this server while looking like a path.
 */

/**
 * Zulip's allowed_schemes: the web and file transfer, and the schemes the HTML standard lets
 * pages register handlers for (its "safelisted schemes"). None of them runs script in the page.
 */
export const ALLOWED_SCHEMES: ReadonlySet<string> = new Set([
  'http',
  'https',
  'ftp',
  'file',
  'bitcoin',
  'geo',
  'im',
  'irc',
  'ircs',
  'magnet',
  'mailto',
  'matrix',
  'mms',
  'news',
  'nntp',
  'openpgp4fpr',
  'sip',
  'sms',
  'smsto',
  'ssh',
  'tel',
  'urn',
  'webcal',
  'wtai',
  'xmpp',
]);

/** A C0 control or a space: what the URL standard's parser trims from both ends. */
function isControlOrSpace(code: number): boolean {
  return code <= 0x20;
}

/**
 * What the URL standard's parser removes before reading a URL: C0 controls and spaces at either
 * end, and tabs and newlines anywhere (so `java\tscript:` is `javascript:` to a browser).
 */
function asBrowsersReadIt(url: string): string {
  let start = 0;
  let end = url.length;
  while (start < end && isControlOrSpace(url.charCodeAt(start))) start++;
  while (end > start && isControlOrSpace(url.charCodeAt(end - 1))) end--;
  return url.slice(start, end).replace(/[\t\n\r]/g, '');
}

/** A scheme as the URL standard spells it: an ASCII letter, then ASCII letters, digits, + - . */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
/** Two slashes in any mix with backslashes, which browsers read as slashes in web URLs. */
const SCHEME_RELATIVE = /^[/\\]{2,}/;

/**
 * Controls and spaces left inside the URL are percent-encoded (Zulip writes a space as %20), so
 * the href is the same string to every client's URL parser.
 */
function encodeControls(url: string): string {
  let out = '';
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    out += isControlOrSpace(code) || code === 0x7f ? `%${code.toString(16).toUpperCase().padStart(2, '0')}` : url[i];
  }
  return out;
}

/**
 * The URL to write into an href or src, or null when it must not be written (the markdown then
 * stays text). Idempotent: a URL it returns comes back unchanged.
 */
export function sanitizeUrl(url: string): string | null {
  const cleaned = asBrowsersReadIt(url);
  if (cleaned === '') return null;
  const scheme = SCHEME.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme !== undefined) return ALLOWED_SCHEMES.has(scheme) ? encodeControls(cleaned) : null;
  if (SCHEME_RELATIVE.test(cleaned)) return sanitizeUrl(`http://${cleaned.replace(SCHEME_RELATIVE, '')}`);
  // Zulip: no scheme, no host and an @ in the path is an e-mail address.
  if (/^[^/?#]*@/.test(cleaned)) return encodeControls(`mailto:${cleaned}`);
  if (cleaned.startsWith('/') || cleaned.startsWith('#')) return encodeControls(cleaned);
  return sanitizeUrl(`http://${cleaned}`);
}
