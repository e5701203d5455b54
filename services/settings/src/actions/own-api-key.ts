/**
 * A browser session's user reads their own API key after typing their password (Zulip's
 * json_fetch_api_key). The session already passed two-factor, so this is where an account with
 * two-factor gets its key. The password check counts against the failed-login limit, as a
 * password change's does, so a stolen session cannot guess the password at speed.
 */
import { badRequest } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { getUserWithPasswordById } from '../queries/users';
import { passwordCheckKey, rateLimited } from './login-limiter';

export async function showOwnApiKey(ctx: SettingsContext, userId: number, password: string): Promise<Record<string, unknown>> {
  const user = await getUserWithPasswordById(ctx.db.knex, userId);
  if (!user) throw badRequest('Wrong password!');
  const key = passwordCheckKey(user.realm_id, user.delivery_email);
  const wait = await ctx.loginLimiter.attempt(key);
  if (wait !== null) throw rateLimited(wait);
  if (!(await ctx.passwords.verify(password, user.password_hash))) throw badRequest('Wrong password!');
  await ctx.loginLimiter.clear(key);
  return { api_key: ctx.cipher.decrypt(user.api_key_enc) };
}
