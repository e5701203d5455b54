/**
 * One-click unsubscribe links (RFC 8058): a token naming the user and the kind of mail, signed
 * with a key derived from INTERNAL_SECRET, so any replica checks it and none stores it. The link
 * stays valid as long as the secret does (a mail read months later still unsubscribes); during a
 * rotation the previous secret's tokens are believed too.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The kinds of mail a link may turn off. */
export type UnsubscribeKind = 'digest';
const KINDS: readonly string[] = ['digest'];

function signature(secret: string, kind: string, userId: number): Buffer {
  const key = createHmac('sha256', secret).update('one-click unsubscribe links').digest();
  return createHmac('sha256', key).update(`${kind}:${userId}`).digest();
}

export function unsubscribeToken(secret: string, kind: UnsubscribeKind, userId: number): string {
  return `${userId}.${signature(secret, kind, userId).toString('base64url')}`;
}

/** The user a token was made for, or null when it is not one of ours (tampered, another kind). */
export function checkUnsubscribeToken(secrets: readonly string[], kind: string, token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match || !KINDS.includes(kind)) return null;
  const userId = Number(match[1]);
  const given = Buffer.from(match[2]!, 'base64url');
  return secrets.some((secret) => timingSafeEqual(signature(secret, kind, userId), given)) ? userId : null;
}

/** Where a link points: `<realm>/accounts/unsubscribe/<kind>/<token>` (Zulip's path). */
export function unsubscribeUrl(realmUrl: string, kind: UnsubscribeKind, token: string): string {
  return `${realmUrl}/accounts/unsubscribe/${kind}/${token}`;
}

/** The headers that make a mail client show "Unsubscribe" and POST to the link (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
