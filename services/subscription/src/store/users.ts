import type { Executor, UserRow } from '@chat/db';
import { anyOf } from '@chat/db';

/**
 * Reads of the users table (owned by the settings service) that decide who receives this
 * service's events, as Zulip's active_user_ids, active_non_guest_user_ids and
 * get_admin_users_and_bots.
 */
export async function activeUserIds(db: Executor, realmId: number): Promise<number[]> {
  const rows: { id: number }[] = await db('users').where({ realm_id: realmId, is_active: true }).select('id');
  return rows.map((r) => r.id);
}

export async function activeNonGuestUserIds(db: Executor, realmId: number): Promise<number[]> {
  const rows: { id: number }[] = await db('users')
    .where({ realm_id: realmId, is_active: true })
    .whereNot({ role: 'guest' })
    .select('id');
  return rows.map((r) => r.id);
}

export async function adminUserIds(db: Executor, realmId: number): Promise<number[]> {
  const rows: { id: number }[] = await db('users').where({ realm_id: realmId, is_active: true, role: 'admin' }).select('id');
  return rows.map((r) => r.id);
}

export async function usersByIds(db: Executor, realmId: number, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db<UserRow>('users').where({ realm_id: realmId }).whereRaw(...anyOf('id', ids));
}
