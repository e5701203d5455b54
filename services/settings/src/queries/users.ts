/** The realm's users as this service reads them (Zulip's zerver/views/users.py reads, and lookups its actions need). */
import { anyOf, getUserById, isRowId, profileDataByUser, type Executor, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { formatUserRow } from '@chat/views';
import type { SettingsContext } from '../deps';

/** The users row with the columns only this service reads (migration 0300). */
export type SettingsUserRow = UserRow & { password_hash: string | null };

export interface UserListOptions {
  clientGravatar: boolean;
  includeCustomProfileFields: boolean;
}

/** GET /users. */
export async function listUsers(ctx: SettingsContext, realmId: number, opts: UserListOptions): Promise<Record<string, unknown>> {
  const users = await ctx.db.knex<UserRow>('users').where({ realm_id: realmId }).orderBy('id');
  const profileData = opts.includeCustomProfileFields ? await profileDataByUser(ctx.db.knex, realmId) : undefined;
  return { members: users.map((u) => formatUserRow(u, { ...opts, profileData })) };
}

/** GET /users/{user_id}: one member of the realm as GET /users lists it. */
export async function getUser(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  opts: UserListOptions,
): Promise<{ user: Record<string, unknown> }> {
  const user = await getUserById(ctx.db.knex, realmId, userId);
  if (!user) throw badRequest('No such user');
  const profileData = opts.includeCustomProfileFields ? await profileDataByUser(ctx.db.knex, realmId, [user.id]) : undefined;
  return { user: formatUserRow(user, { ...opts, profileData }) };
}

/** A users row by id alone (any realm): a row just written, or a bot's owner. */
export async function userRowById(db: Executor, userId: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id: userId }).first();
}

/** The user's row locked for the change about to be made. */
export async function lockUserRow(db: Executor, userId: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id: userId }).forUpdate().first();
}

export async function getUserWithPassword(db: Executor, realmId: number, email: string): Promise<SettingsUserRow | undefined> {
  return db<SettingsUserRow>('users').where({ realm_id: realmId }).whereRaw('lower(email) = lower(?)', [email.trim()]).first();
}

export async function getUserWithPasswordById(db: Executor, userId: number): Promise<SettingsUserRow | undefined> {
  return db<SettingsUserRow>('users').where({ id: userId, is_bot: false }).first();
}

/** The account of the realm with that real address (whatever its case), if any: is it active? */
export async function accountByDeliveryEmail(db: Executor, realmId: number, email: string): Promise<{ is_active: boolean } | undefined> {
  return db('users').where({ realm_id: realmId }).whereRaw('lower(delivery_email) = lower(?)', [email]).first('is_active');
}

/**
 * The accounts of the realm with any of these real addresses, in one query whatever their number
 * (they travel as one JSON array): lower-cased address to whether the account is active.
 */
export async function accountsByDeliveryEmail(db: Executor, realmId: number, emails: readonly string[]): Promise<Map<string, boolean>> {
  if (emails.length === 0) return new Map();
  const rows: { delivery_email: string; is_active: boolean }[] = await db('users')
    .where({ realm_id: realmId })
    .whereRaw('lower(delivery_email) IN (SELECT lower(value) FROM jsonb_array_elements_text(?::jsonb))', [JSON.stringify(emails)])
    .select('delivery_email', 'is_active');
  return new Map(rows.map((r) => [r.delivery_email.toLowerCase(), r.is_active]));
}

/** Whether an active account of the realm has this full name (Zulip's check_bot_name_available). */
export async function isFullNameTaken(db: Executor, realmId: number, fullName: string): Promise<boolean> {
  return (await db('users').where({ realm_id: realmId, is_active: true }).where({ full_name: fullName }).first('id')) !== undefined;
}

async function countOf(query: PromiseLike<unknown>): Promise<number> {
  return Number(((await query) as { n: number | string }).n);
}

export async function activeUserCount(db: Executor, realmId: number): Promise<number> {
  return countOf(db('users').where({ realm_id: realmId, is_active: true }).count({ n: '*' }).first());
}

async function humanAdminCount(db: Executor, realmId: number): Promise<number> {
  return countOf(db('users').where({ realm_id: realmId, role: 'admin', is_bot: false, is_active: true }).count({ n: '*' }).first());
}

/** Zulip's check_last_admin: the only active human administrator. */
export async function isLastAdmin(db: Executor, user: UserRow): Promise<boolean> {
  return user.role === 'admin' && !user.is_bot && (await humanAdminCount(db, user.realm_id)) === 1;
}

/** The active bots a user owns. */
export async function activeBotsOwnedBy(db: Executor, ownerId: number): Promise<UserRow[]> {
  return db<UserRow>('users').where({ bot_owner_id: ownerId, is_bot: true, is_active: true });
}

/** Every account of the realm, deactivated ones included. */
export async function realmAccountIds(db: Executor, realmId: number): Promise<number[]> {
  const users: { id: number }[] = await db('users').where({ realm_id: realmId }).select('id');
  return users.map((u) => u.id);
}

/**
 * user_ids_to_users: every id an account of the realm, in the order given; the ids without
 * repeats.
 */
export async function realmUserIds(db: Executor, realmId: number, userIds: number[]): Promise<number[]> {
  const outOfRange = userIds.find((userId) => !isRowId(userId));
  if (outOfRange !== undefined) throw badRequest(`Invalid user ID: ${outOfRange}`);
  const rows: { id: number }[] = userIds.length
    ? await db('users')
        .where({ realm_id: realmId })
        .whereRaw(...anyOf('id', userIds))
        .select('id')
    : [];
  const found = new Set(rows.map((r) => r.id));
  for (const userId of userIds) if (!found.has(userId)) throw badRequest(`Invalid user ID: ${userId}`);
  return [...new Set(userIds)];
}
