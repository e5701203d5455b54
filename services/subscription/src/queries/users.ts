import { anyOf, type Executor } from '@chat/db';

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
  const rows: { id: number }[] = await db('users').where({ realm_id: realmId, is_active: true }).whereNot({ role: 'guest' }).select('id');
  return rows.map((r) => r.id);
}

export async function adminUserIds(db: Executor, realmId: number): Promise<number[]> {
  const rows: { id: number }[] = await db('users').where({ realm_id: realmId, is_active: true, role: 'admin' }).select('id');
  return rows.map((r) => r.id);
}

/** E-mail addresses of these users, by id. */
export async function emailsByUserId(db: Executor, ids: number[]): Promise<Map<number, string>> {
  const rows: { id: number; email: string }[] =
    ids.length > 0
      ? await db('users')
          .whereRaw(...anyOf('id', ids))
          .select('id', 'email')
      : [];
  return new Map(rows.map((r) => [r.id, r.email]));
}
