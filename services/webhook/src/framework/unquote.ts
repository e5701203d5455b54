/**
 * Python's urllib.parse.unquote: every run of %XX escapes is decoded as UTF-8 (a malformed
 * sequence becomes U+FFFD), anything else, `+` and a lone `%` included, is kept as it is.
 */
export function unquote(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => Buffer.from(run.replace(/%/g, ''), 'hex').toString('utf8'));
}
