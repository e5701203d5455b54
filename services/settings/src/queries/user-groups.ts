/** User groups (Zulip 2.1's zerver/lib/user_groups.py): the realm's list, and what their changes check. */
import { anyOf, userGroupsInRealm, type Executor } from '@chat/db';
import type { SettingsContext } from '../deps';

/** GET /user_groups: every group of the realm with its member ids, ordered by id. */
export async function listUserGroups(ctx: SettingsContext, realmId: number): Promise<Record<string, unknown>> {
  return { user_groups: await userGroupsInRealm(ctx.db.knex, realmId) };
}

export interface GroupRow {
  id: number;
  name: string;
  description: string;
  is_system_group: boolean;
}

/** One of the realm's groups, locked for the change about to be made. */
export async function lockGroup(db: Executor, realmId: number, groupId: number): Promise<GroupRow | undefined> {
  return db('user_groups').where({ id: groupId, realm_id: realmId }).forUpdate().first('id', 'name', 'description', 'is_system_group');
}

/** Whether a group of the realm has the name. */
export async function isGroupNameTaken(db: Executor, realmId: number, name: string): Promise<boolean> {
  return (await db('user_groups').where({ realm_id: realmId, name }).first('id')) !== undefined;
}

export async function isGroupMember(db: Executor, groupId: number, userId: number): Promise<boolean> {
  return (await db('user_group_members').where({ user_group_id: groupId, user_id: userId }).first('user_id')) !== undefined;
}

/** Which of the users are members of the group. */
export async function groupMembersAmong(db: Executor, groupId: number, userIds: number[]): Promise<Set<number>> {
  const rows: { user_id: number }[] = await db('user_group_members')
    .where({ user_group_id: groupId })
    .whereRaw(...anyOf('user_id', userIds))
    .select('user_id');
  return new Set(rows.map((r) => r.user_id));
}
