/**
 * Zulip 2.1's password change (json_change_settings with old_password and new_password): the old
 * password must be right, and checking it counts against the username's failed-login limit (Zulip
 * checks it with authenticate(), which the limit guards), so a stolen session cannot guess the
 * password at speed; every other browser session of the user ends, the one that made the change
 * stays (as Django's update_session_auth_hash keeps it). API keys are not passwords and keep
 * working, as in Zulip.
 */
import { endUserSessions, notifyAuthChange } from '@chat/db';
import { badRequest } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { getUserWithPasswordById } from '../queries/users';
import { passwordCheckKey } from './login-limiter';

/** Zulip's PASSWORD_MIN_LENGTH. */
const PASSWORD_MIN_LENGTH = 6;

export async function changePassword(
  ctx: SettingsContext,
  userId: number,
  passwords: { old_password?: string; new_password?: string },
  keepSession: number | undefined,
): Promise<void> {
  const { old_password: oldPassword, new_password: newPassword } = passwords;
  if (newPassword === undefined && oldPassword === undefined) return;
  if (newPassword === undefined || oldPassword === undefined) throw badRequest('Please fill out all fields.');
  const user = await getUserWithPasswordById(ctx.db.knex, userId);
  if (!user) throw badRequest('Wrong password!');
  const limiterKey = passwordCheckKey(user.realm_id, user.delivery_email);
  const wait = await ctx.loginLimiter.attempt(limiterKey);
  // Zulip's words for a password change past the limit (a 400, not the API's 429).
  if (wait !== null) throw badRequest(`You're making too many attempts! Try again in ${Math.floor(wait)} seconds.`);
  if (!(await ctx.passwords.verify(oldPassword, user.password_hash))) throw badRequest('Wrong password!');
  await ctx.loginLimiter.clear(limiterKey);
  if (newPassword.length < PASSWORD_MIN_LENGTH) throw badRequest('New password is too weak!');
  const hash = await ctx.passwords.hash(newPassword);
  await ctx.db.knex.transaction(async (trx) => {
    await trx('users').where({ id: userId }).update({ password_hash: hash });
    await endUserSessions(trx, userId, keepSession);
    await notifyAuthChange(trx, userId);
  });
}
