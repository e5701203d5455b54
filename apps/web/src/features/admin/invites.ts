/**
 * The pending invitations of GET /invites, whose answer is declared as a plain array: each entry
 * is read field by field, and an entry without an id or kind is left out.
 */
export interface PendingInvite {
  id: number;
  /** The address, or for a reusable link its URL. */
  target: string;
  isLink: boolean;
  invitedAs: number;
  invitedBy: number | null;
  /** UNIX seconds; null: never expires. */
  expiresAt: number | null;
}

function field(entry: unknown, key: string): unknown {
  if (typeof entry !== 'object' || entry === null) return undefined;
  return Object.entries(entry).find(([k]) => k === key)?.[1];
}

const numberOr = <T>(value: unknown, fallback: T): number | T => (typeof value === 'number' ? value : fallback);

export function readInvites(entries: readonly unknown[]): PendingInvite[] {
  const out: PendingInvite[] = [];
  for (const entry of entries) {
    const id = field(entry, 'id');
    const isLink = field(entry, 'is_multiuse') === true;
    const target = field(entry, isLink ? 'link_url' : 'email');
    if (typeof id !== 'number' || typeof target !== 'string') continue;
    out.push({
      id,
      target,
      isLink,
      invitedAs: numberOr(field(entry, 'invited_as'), 400),
      invitedBy: numberOr(field(entry, 'invited_by_user_id'), null),
      expiresAt: numberOr(field(entry, 'expiry_date'), null),
    });
  }
  return out;
}

/** Invitation roles use the role numbers too (the older 1, 2, 3 are accepted by the server). */
export function expiryText(expiresAt: number | null, nowSeconds: number): string {
  if (expiresAt === null) return 'never expires';
  const days = Math.round((expiresAt - nowSeconds) / 86400);
  if (days <= 0) return 'expires today';
  return days === 1 ? 'expires in 1 day' : `expires in ${days} days`;
}

/** The addresses typed in the invitation form, one list separated by commas or new lines. */
export function parseEmails(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}
