/**
 * Password reset, as Zulip's (ZulipPasswordResetForm and the confirmation page):
 *
 * - The form: limited per address (Zulip's "password_reset_form_by_email": 2 an hour, 5 a day)
 *   and per client address (the "sends_email_by_ip" rule the sign-up mails share), counted
 *   before the address is looked up; then, for an active account of the realm with that
 *   delivery address, a mail (a background job). The answer is the same in every case, so the
 *   form tells a stranger nothing about who has an account; a deactivated realm, or one without
 *   password logins, mails nothing. (Zulip mails an unknown address a note saying there is no
 *   account; this server mails nothing there.)
 * - The link: a token that works once, for PASSWORD_RESET_VALIDITY_HOURS, and not after the
 *   password or the address changed. Setting the password ends every browser session of the user
 *   (as Django's session hash does in Zulip) and deletes the user's other reset links; the API
 *   key is unchanged, as in Zulip. Two-factor stays on: the next login still needs a code.
 */
import { endUserSessions, getRealm, notifyAuthChange } from '@chat/db';
import { plainError } from '@chat/errors';
import { requestPasswordResetMail } from '../consumers/password-reset-mail';
import type { SettingsContext } from '../deps';
import { isValidEmail } from '../lib/accounts';
import { passwordAuthEnabled } from '../lib/auth-methods';
import { resetBinding, resetTokenHash } from '../lib/password-reset';
import { realmOf } from '../queries/logins';
import { getUserWithPasswordById } from '../queries/users';
import { databaseAttemptLimiter, rateLimited, type AttemptRule } from './login-limiter';
import { SENDS_EMAIL_BY_IP } from './signup-request';

/** Zulip's PASSWORD_MIN_LENGTH. */
const PASSWORD_MIN_LENGTH = 6;

export const PASSWORD_RESET_BY_ADDRESS: readonly AttemptRule[] = [
  { windowSeconds: 3600, max: 2 },
  { windowSeconds: 86_400, max: 5 },
];

const linkDead = () => plainError('This password reset link has expired or has already been used. Ask for a new one.');

async function checkResetLimits(ctx: SettingsContext, clientAddress: string | undefined, email: string): Promise<void> {
  const db = ctx.db.knex;
  const byAddress = await databaseAttemptLimiter(db, 'password_reset_form_by_email', PASSWORD_RESET_BY_ADDRESS).attempt(
    email.toLowerCase(),
  );
  if (byAddress !== null) throw rateLimited(byAddress);
  if (ctx.config.rateLimitPerMinute > 0 && clientAddress !== undefined) {
    const byClient = await databaseAttemptLimiter(db, 'sends_email_by_ip', SENDS_EMAIL_BY_IP).attempt(clientAddress);
    if (byClient !== null) throw rateLimited(byClient);
  }
}

/** POST /json/accounts/password/reset: answers nothing either way. */
export async function doRequestPasswordReset(
  ctx: SettingsContext,
  realmId: number | null,
  clientAddress: string | undefined,
  typed: string,
): Promise<void> {
  const email = typed.trim();
  if (!isValidEmail(email)) throw plainError('Enter a valid email address.');
  const realm = await realmOf(ctx, realmId);
  if (!realm || realm.deactivated || !passwordAuthEnabled(realm)) return;
  await checkResetLimits(ctx, clientAddress, email);
  const db = ctx.db.knex;
  const user = await db('users')
    .where({ realm_id: realm.id, is_active: true, is_bot: false })
    .whereRaw('lower(delivery_email) = lower(?)', [email])
    .first<{ id: number } | undefined>('id');
  if (user) await requestPasswordResetMail(db, user.id);
}

/** POST /json/accounts/password/reset/confirm: the new password, from a live link. */
export async function doConfirmPasswordReset(
  ctx: SettingsContext,
  realmId: number | null,
  token: string,
  newPassword: string,
): Promise<void> {
  const db = ctx.db.knex;
  const row = await db('password_reset_tokens')
    .where({ token_hash: resetTokenHash(token) })
    .first<{ id: number; user_id: number; binding: string; expires_at: Date } | undefined>();
  if (!row || row.expires_at.getTime() <= Date.now()) throw linkDead();
  const user = await getUserWithPasswordById(db, row.user_id);
  const realm = user && (await getRealm(db, user.realm_id));
  if (!user?.is_active || !realm || realm.id !== realmId || realm.deactivated || !passwordAuthEnabled(realm)) throw linkDead();
  if (resetBinding(user) !== row.binding) throw linkDead();
  if (newPassword.length < PASSWORD_MIN_LENGTH) throw plainError('The password is too weak.');
  const hash = await ctx.passwords.hash(newPassword);
  await db.transaction(async (trx) => {
    // The token is deleted first and only once: of two requests racing with one link, one sets the password.
    const used = await trx('password_reset_tokens').where({ id: row.id }).delete().returning('id');
    if (used.length !== 1) throw linkDead();
    await trx('password_reset_tokens').where({ user_id: user.id }).delete();
    await trx('users').where({ id: user.id }).update({ password_hash: hash });
    await endUserSessions(trx, user.id);
    await notifyAuthChange(trx, user.id);
  });
}
