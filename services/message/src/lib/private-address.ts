/**
 * Addressing private messages as Zulip does: the sender plus one other user is a 1:1
 * conversation (the other user's personal recipient), the sender alone is a note to self (their
 * own personal recipient), and three or more people are a huddle (recipients type 3), known by
 * the hash of its members. Pure: queries/recipients.ts finds the recipient, and
 * actions/private-recipient.ts creates a huddle on first use.
 */
import { createHash } from 'node:crypto';
import type { UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';

/** Zulip's validate_recipient_user_profiles. */
export function validateRecipientUsers(users: UserRow[], sender: UserRow, allowDeactivated = false): void {
  for (const user of users) {
    if (!user.is_active && !user.is_mirror_dummy && !allowDeactivated) {
      throw badRequest(`'${user.email}' is no longer using Zulip.`);
    }
    // Look-ups are realm-scoped, so this only guards callers that pass users from elsewhere.
    if (user.realm_id !== sender.realm_id) {
      throw badRequest("You can't send private messages outside of your organization.");
    }
  }
}

export type PrivateAddress = { kind: 'personal'; userId: number; memberIds: number[] } | { kind: 'huddle'; memberIds: number[] };

/** Who a private message between `sender` and `users` goes to (Zulip's get_recipient_from_user_profiles). */
export function privateAddress(sender: UserRow, users: UserRow[]): PrivateAddress {
  const ids = new Set(users.map((u) => u.id));
  ids.add(sender.id);
  const memberIds = [...ids].sort((a, b) => a - b);
  if (ids.size > 2) return { kind: 'huddle', memberIds };
  const other = memberIds.find((id) => id !== sender.id) ?? sender.id;
  return { kind: 'personal', userId: other, memberIds };
}

export function huddleHash(memberIds: number[]): string {
  return createHash('sha1')
    .update([...memberIds].sort((a, b) => a - b).join(','))
    .digest('hex');
}
