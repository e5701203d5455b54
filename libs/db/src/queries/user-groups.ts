/** User groups (written by the settings service; the message service reads them for @*group* mentions). */
import type { Executor } from '../connect';

export async function realmUserGroupNames(db: Executor, realmId: number): Promise<{ id: number; name: string }[]> {
  return db('user_groups').where({ realm_id: realmId }).orderBy('id').select('id', 'name');
}

/** The members of the given groups, each once. */
export async function userGroupMemberIds(db: Executor, groupIds: number[]): Promise<number[]> {
  if (!groupIds.length) return [];
  const rows: { user_id: number }[] = await db('user_group_members').whereIn('user_group_id', groupIds).distinct('user_id');
  return rows.map((r) => r.user_id);
}
