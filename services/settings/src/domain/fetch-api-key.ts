/** Getting an API key without one: by password (any server) or by e-mail alone (development). */
import { getRealm, getUserByEmail, type RealmRow, type UserRow } from '@chat/db';
import { ApiError, badRequest } from '@chat/errors';
import type { SettingsContext } from '../app';
import { getUserWithPassword } from '../store/users';
import { isValidEmail } from './common';
import { passwordAuthEnabled } from './server-settings';

function refused(msg: string, reason: string): ApiError {
  return new ApiError(msg, { status: 403, extra: { reason } });
}

async function realmOf(ctx: SettingsContext, realmId: number | null): Promise<RealmRow | undefined> {
  return realmId === null ? undefined : getRealm(ctx.db.knex, realmId);
}

/** Zulip's api_dev_fetch_api_key: any user's key, by e-mail alone, on a development server. */
export async function devFetchApiKey(ctx: SettingsContext, realmId: number | null, username: string): Promise<Record<string, unknown>> {
  const user = await checkDevLogin(ctx, realmId, username);
  return { api_key: ctx.cipher.decrypt(user.api_key_enc), email: user.delivery_email, user_id: user.id };
}

/** The user a development login names (any active user, by e-mail alone). */
export async function checkDevLogin(ctx: SettingsContext, realmId: number | null, username: string): Promise<UserRow> {
  requireDevelopment(ctx);
  if (!isValidEmail(username.trim())) throw badRequest('Enter a valid email address.');
  const realm = await realmOf(ctx, realmId);
  if (realm?.deactivated) throw refused('This organization has been deactivated.', 'realm deactivated');
  const user = realm ? await getUserByEmail(ctx.db.knex, realm.id, username) : undefined;
  if (!user) throw refused('This user is not registered.', 'unregistered');
  if (!user.is_active) throw refused('Your account has been disabled.', 'user disable');
  return user;
}

export function requireDevelopment(ctx: SettingsContext): void {
  if (ctx.config.env !== 'development') throw new ApiError('Dev environment not enabled.');
}

/**
 * Zulip's api_fetch_api_key. Every attempt counts against the username's limit before the
 * password is checked (see login-limiter.ts); success clears the count. Bots have no password.
 */
export async function fetchApiKey(
  ctx: SettingsContext,
  realmId: number | null,
  username: string,
  password: string,
): Promise<Record<string, unknown>> {
  const user = await checkPasswordLogin(ctx, realmId, username, password);
  return { api_key: ctx.cipher.decrypt(user.api_key_enc), email: user.delivery_email, user_id: user.id };
}

/** The user an e-mail and password name, with Zulip's refusals and the login attempt limit. */
export async function checkPasswordLogin(ctx: SettingsContext, realmId: number | null, username: string, password: string): Promise<UserRow> {
  const email = username.trim();
  if (!isValidEmail(email)) throw badRequest('Enter a valid email address.');
  const realm = await realmOf(ctx, realmId);
  if (realm && !passwordAuthEnabled(realm)) throw refused('Password auth is disabled in your team.', 'password auth disabled');
  const limiterKey = `${realm?.id ?? 0}:${email.toLowerCase()}`;
  await ctx.loginLimiter.attempt(limiterKey);
  if (realm?.deactivated) throw refused('This organization has been deactivated.', 'realm deactivated');
  const user = realm ? await getUserWithPassword(ctx.db.knex, realm.id, email) : undefined;
  if (user && !user.is_active) throw refused('Your account has been disabled.', 'user disable');
  const ok = await ctx.passwords.verify(password, user && !user.is_bot ? user.password_hash : null);
  if (!user || !ok) throw refused('Your username or password is incorrect.', 'incorrect_creds');
  await ctx.loginLimiter.clear(limiterKey);
  return user;
}
