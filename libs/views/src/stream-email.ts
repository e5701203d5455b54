/**
 * A stream's own e-mail address for the e-mail gateway (Zulip's encode_email_address): the name
 * with non-word runs as "-", "+", the stream's token, at the server's host.
 */
export function streamEmailAddress(name: string, token: string, externalHost: string): string {
  const cleaned = encodeURIComponent(name.replace(/\W+/gu, '-'));
  const host = externalHost.split(':')[0];
  return `${cleaned}+${token}@${host}`;
}
