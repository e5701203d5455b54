/**
 * Logging in by e-mail and password (Zulip's api_fetch_api_key and its login form). Every attempt
 * counts against the username's limit before the password is checked (see login-limiter.ts);
 * success clears the count. Bots have no password. A user with two-factor also needs a code at
 * the login form, and gets no key from the password alone (second-factor.ts).
 */
import type { UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { isValidEmail } from '../lib/accounts';
import { passwordAuthEnabled } from '../lib/auth-methods';
import { refused } from '../lib/login-refusal';
import { passwordCheckKey, rateLimited } from './login-limiter';
import { realmOf } from '../queries/logins';
import { getUserWithPassword } from '../queries/users';
import { refuseKeyWithTwoFactor } from './second-factor';

/** Zulip's api_fetch_api_key. */
export async function fetchApiKey(
  ctx: SettingsContext,
  realmId: number | null,
  username: string,
  password: string,
): Promise<Record<string, unknown>> {
  const user = await checkPasswordLogin(ctx, realmId, username, password, (found) => refuseKeyWithTwoFactor(ctx, found));
  return { api_key: ctx.cipher.decrypt(user.api_key_enc), email: user.delivery_email, user_id: user.id };
}

/**
 * The user an e-mail and password name, with Zulip's refusals and the login attempt limit.
 * `secondFactor` runs once the password is right and before the attempt is forgiven, so what it
 * refuses (a wrong two-factor code) counts as a failed attempt.
 */
export async function checkPasswordLogin(
  ctx: SettingsContext,
  realmId: number | null,
  username: string,
  password: string,
  secondFactor?: (user: UserRow) => Promise<void>,
): Promise<UserRow> {
  const email = username.trim();
  if (!isValidEmail(email)) throw badRequest('Enter a valid email address.');
  const realm = await realmOf(ctx, realmId);
  if (realm && !passwordAuthEnabled(realm)) throw refused('Password auth is disabled in your team.', 'password auth disabled');
  const limiterKey = passwordCheckKey(realm?.id ?? null, email);
  const wait = await ctx.loginLimiter.attempt(limiterKey);
  if (wait !== null) throw rateLimited(wait);
  if (realm?.deactivated) throw refused('This organization has been deactivated.', 'realm deactivated');
  const user = realm ? await getUserWithPassword(ctx.db.knex, realm.id, email) : undefined;
  if (user && !user.is_active) throw refused('Your account has been disabled.', 'user disable');
  const ok = await ctx.passwords.verify(password, user && !user.is_bot ? user.password_hash : null);
  if (!user || !ok) throw refused('Your username or password is incorrect.', 'incorrect_creds');
  await secondFactor?.(user);
  await ctx.loginLimiter.clear(limiterKey);
  return user;
}
