/** User groups (written by the settings service; the message service reads them for @*group* mentions). */
import type { Executor } from '../connect';
import { anyOf } from '../any-of';

export async function realmUserGroupNames(db: Executor, realmId: number): Promise<{ id: number; name: string }[]> {
  return db('user_groups').where({ realm_id: realmId }).orderBy('id').select('id', 'name');
}

/** The members of the given groups, each once. */
export async function userGroupMemberIds(db: Executor, groupIds: number[]): Promise<number[]> {
  if (!groupIds.length) return [];
  const rows: { user_id: number }[] = await db('user_group_members').whereRaw(...anyOf('user_group_id', groupIds)).distinct('user_id');
  return rows.map((r) => r.user_id);
}

/** Every group of the realm with its member ids, ordered by id (Zulip's user_groups_in_realm_serialized). */
export async function userGroupsInRealm(
  db: Executor,
  realmId: number,
): Promise<{ id: number; name: string; description: string; members: number[] }[]> {
  const groups: { id: number; name: string; description: string }[] = await db('user_groups')
    .where({ realm_id: realmId })
    .orderBy('id')
    .select('id', 'name', 'description');
  if (!groups.length) return [];
  const members: { user_group_id: number; user_id: number }[] = await db('user_group_members')
    .whereRaw(...anyOf('user_group_id', groups.map((g) => g.id)))
    .orderBy('user_id')
    .select('user_group_id', 'user_id');
  return groups.map((g) => ({ ...g, members: members.filter((m) => m.user_group_id === g.id).map((m) => m.user_id) }));
}
