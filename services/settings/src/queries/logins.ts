/**
 * What the login paths read: the realm a login is for, and the development login (Zulip's
 * dev_login backend): any active user by e-mail alone, and the list of users the page offers,
 * refused on any server that is not a development one.
 */
import { getRealm, getUserByEmail, realmUrlOf, type RealmRow, type UserRow } from '@chat/db';
import { ApiError, badRequest } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { isValidEmail } from '../lib/accounts';
import { refused } from '../lib/login-refusal';

export function requireDevelopment(ctx: SettingsContext): void {
  if (ctx.config.env !== 'development') throw new ApiError('Dev environment not enabled.');
}

/** The realm a login is for, when the request's host names one. */
export async function realmOf(ctx: SettingsContext, realmId: number | null): Promise<RealmRow | undefined> {
  return realmId === null ? undefined : getRealm(ctx.db.knex, realmId);
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

/** Zulip's api_dev_fetch_api_key: any user's key, by e-mail alone, on a development server. */
export async function devFetchApiKey(ctx: SettingsContext, realmId: number | null, username: string): Promise<Record<string, unknown>> {
  const user = await checkDevLogin(ctx, realmId, username);
  return { api_key: ctx.cipher.decrypt(user.api_key_enc), email: user.delivery_email, user_id: user.id };
}

/** Zulip's api_dev_list_users: who the development login offers, administrators first. */
export async function devListUsers(ctx: SettingsContext, realmId: number | null): Promise<Record<string, unknown>> {
  requireDevelopment(ctx);
  const realm = realmId === null ? undefined : await getRealm(ctx.db.knex, realmId);
  if (!realm) return { direct_admins: [], direct_users: [] };
  const users = await ctx.db
    .knex<UserRow>('users')
    .where({ realm_id: realm.id, is_active: true, is_bot: false })
    .orderBy('id')
    .select('delivery_email', 'full_name', 'role');
  const realm_uri = await realmUrlOf(ctx.db.knex, ctx.config.externalHost, realm);
  const entry = (u: Pick<UserRow, 'delivery_email' | 'full_name'>) => ({ email: u.delivery_email, full_name: u.full_name, realm_uri });
  return {
    direct_admins: users.filter((u) => u.role === 'admin').map(entry),
    direct_users: users.filter((u) => u.role !== 'admin').map(entry),
  };
}
