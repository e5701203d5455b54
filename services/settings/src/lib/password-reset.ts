/**
 * Password reset tokens: 32 random bytes in the link, only their SHA-256 stored (they are
 * unguessable, so a fast hash is enough, and a copy of the table opens nothing). A token is bound
 * to the account's password hash and delivery address when it was made: a change of either, by
 * any path, makes it worthless, as Django's reset tokens are.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_PATH } from '@chat/contracts';

export const newResetToken = (): string => randomBytes(32).toString('base64url');

export const resetTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export function resetBinding(user: { password_hash: string | null; delivery_email: string }): string {
  return createHash('sha256')
    .update(`${user.password_hash ?? ''}\n${user.delivery_email.toLowerCase()}`)
    .digest('hex');
}

/** The link a reset mail carries, from the realm's configured URL (never the request's Host). */
export const resetLink = (realmUrl: string, token: string): string => `${realmUrl}${PASSWORD_RESET_PATH}/${token}/`;
