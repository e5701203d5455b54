/** Changing user groups (Zulip 2.1's zerver/views/user_groups.py and its do_* actions). */
import { check, checkInt, checkList } from '@chat/contracts';
import { anyOf, isRowId, POLICY, roleMeetsPolicy, writeNotices, type Executor, type UserRow } from '@chat/db';
import { ApiError, badRequest } from '@chat/errors';
import { userEventNotice, type UserEventNotice } from '@chat/events';
import type { SettingsContext } from '../deps';
import { requireMemberOrAdmin } from '../lib/permissions';
import { isUniqueViolation } from '../lib/unique-violation';
import { loadActor } from '../queries/actor';
import { activeUserIds } from '../queries/audiences';
import { realmSettings } from '../queries/realm';
import { groupMembersAmong, isGroupMember, isGroupNameTaken, lockGroup, type GroupRow } from '../queries/user-groups';
import { realmUserIds } from '../queries/users';

const userIdList = (name: string, value: unknown) => check<number[]>(checkList(checkInt), name, value);
const nameTaken = (name: string) => badRequest(`User group '${name}' already exists.`);

/** require_user_group_edit_permission: a member whose role user_group_edit_policy admits. */
async function checkEditPermission(db: Executor, realmId: number, actorId: number): Promise<UserRow> {
  const actor = await loadActor(db, realmId, actorId);
  requireMemberOrAdmin(actor);
  const policy = Number((await realmSettings(db, realmId))?.user_group_edit_policy ?? POLICY.MEMBERS_ONLY);
  if (!roleMeetsPolicy(actor.role, policy)) {
    throw new ApiError('Must be an organization administrator', { code: 'UNAUTHORIZED_PRINCIPAL' });
  }
  return actor;
}

/** access_user_group_by_id: the group's members, moderators and administrators may change it. */
async function accessGroup(db: Executor, realmId: number, actor: UserRow, groupId: number): Promise<GroupRow> {
  if (!isRowId(groupId)) throw badRequest('Invalid user group');
  const group = await lockGroup(db, realmId, groupId);
  if (!group) throw badRequest('Invalid user group');
  // Roles decide a system group's members; nobody edits it (Zulip's "Insufficient permission").
  if (group.is_system_group) throw badRequest('Insufficient permission');
  if (actor.role !== 'admin' && actor.role !== 'moderator' && !(await isGroupMember(db, groupId, actor.id))) {
    throw badRequest('Only group members and organization administrators can administer this group.');
  }
  return group;
}

export interface NewUserGroup {
  name: string;
  description: string;
  /** The member ids, as sent (a JSON list of integers). */
  members: unknown;
}

/** POST /user_groups/create (do_create_user_group): the group and its members, told to the realm. */
export async function doCreateUserGroup(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  input: NewUserGroup,
): Promise<Record<string, unknown>> {
  const requested = userIdList('members', input.members);
  try {
    await ctx.db.knex.transaction(async (trx) => {
      await checkEditPermission(trx, realmId, actorId);
      const members = await realmUserIds(trx, realmId, requested);
      if (await isGroupNameTaken(trx, realmId, input.name)) throw nameTaken(input.name);
      const [row] = await trx('user_groups')
        .insert({ realm_id: realmId, name: input.name, description: input.description })
        .returning('id');
      const id = (row as { id: number }).id;
      if (members.length) await trx('user_group_members').insert(members.map((userId) => ({ user_group_id: id, user_id: userId })));
      const group = {
        name: input.name,
        members: [...members].sort((a, b) => a - b),
        description: input.description,
        id,
        direct_subgroup_ids: [],
        is_system_group: false,
      };
      await writeNotices(trx, [userEventNotice(realmId, { type: 'user_group', op: 'add', group }, await activeUserIds(trx, realmId))]);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
  return {};
}

/** An empty name or description leaves it as it is. */
export interface UserGroupEdit {
  name: string;
  description: string;
}

/** PATCH /user_groups/{user_group_id} (do_update_user_group_name, do_update_user_group_description). */
export async function doUpdateUserGroup(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  groupId: number,
  edit: UserGroupEdit,
): Promise<Record<string, unknown>> {
  const name = edit.name || undefined;
  const description = edit.description || undefined;
  if (name === undefined && description === undefined) throw badRequest('No new data supplied');
  try {
    await ctx.db.knex.transaction(async (trx) => {
      const actor = await checkEditPermission(trx, realmId, actorId);
      const group = await accessGroup(trx, realmId, actor, groupId);
      const notices = [];
      const recipients = await activeUserIds(trx, realmId);
      if (name !== undefined && name !== group.name) {
        if (await isGroupNameTaken(trx, realmId, name)) throw nameTaken(name);
        await trx('user_groups').where({ id: groupId }).update({ name });
        notices.push(userEventNotice(realmId, { type: 'user_group', op: 'update', group_id: groupId, data: { name } }, recipients));
      }
      if (description !== undefined && description !== group.description) {
        await trx('user_groups').where({ id: groupId }).update({ description });
        notices.push(userEventNotice(realmId, { type: 'user_group', op: 'update', group_id: groupId, data: { description } }, recipients));
      }
      if (notices.length) await writeNotices(trx, notices);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(name ?? '');
    throw err;
  }
  return {};
}

/** DELETE /user_groups/{user_group_id} (check_delete_user_group). */
export async function doDeleteUserGroup(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  groupId: number,
): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    const actor = await checkEditPermission(trx, realmId, actorId);
    await accessGroup(trx, realmId, actor, groupId);
    await trx('user_group_members').where({ user_group_id: groupId }).delete();
    await trx('user_groups').where({ id: groupId }).delete();
    await writeNotices(trx, [
      userEventNotice(realmId, { type: 'user_group', op: 'remove', group_id: groupId }, await activeUserIds(trx, realmId)),
    ]);
  });
  return {};
}

/** The members to add: the realm's users, none a member yet. */
async function checkNewMembers(trx: Executor, realmId: number, groupId: number, userIds: number[]): Promise<number[]> {
  const add = await realmUserIds(trx, realmId, userIds);
  const existing = await groupMembersAmong(trx, groupId, add);
  const already = add.find((userId) => existing.has(userId));
  if (already !== undefined) throw badRequest(`User ${already} is already a member of this group`);
  return add;
}

/** The members to remove: the realm's users, each a member. */
async function checkLeavingMembers(trx: Executor, realmId: number, groupId: number, userIds: number[]): Promise<number[]> {
  const remove = await realmUserIds(trx, realmId, userIds);
  const present = await groupMembersAmong(trx, groupId, remove);
  const missing = remove.find((userId) => !present.has(userId));
  if (missing !== undefined) throw badRequest(`There is no member '${missing}' in this user group`);
  return remove;
}

/** Member changes as sent: JSON lists of user ids. */
export interface MemberChange {
  add: unknown;
  delete: unknown;
}

/**
 * POST /user_groups/{user_group_id}/members (bulk_add_members_to_user_group,
 * remove_members_from_user_group): the additions, then the removals, each checked against what
 * the group holds at that point.
 */
export async function doUpdateUserGroupMembers(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  groupId: number,
  change: MemberChange,
): Promise<Record<string, unknown>> {
  const input = { add: userIdList('add', change.add), delete: userIdList('delete', change.delete) };
  await ctx.db.knex.transaction(async (trx) => {
    // Who may edit groups is checked first, as Zulip's decorator does, before the arguments.
    const actor = await checkEditPermission(trx, realmId, actorId);
    if (!input.add.length && !input.delete.length) throw badRequest("Nothing to do. Specify at least one of 'add' or 'delete'.");
    await accessGroup(trx, realmId, actor, groupId);
    const recipients = await activeUserIds(trx, realmId);
    const notices: UserEventNotice[] = [];
    if (input.add.length) {
      const add = await checkNewMembers(trx, realmId, groupId, input.add);
      await trx('user_group_members').insert(add.map((userId) => ({ user_group_id: groupId, user_id: userId })));
      notices.push(userEventNotice(realmId, { type: 'user_group', op: 'add_members', group_id: groupId, user_ids: add }, recipients));
    }
    if (input.delete.length) {
      const remove = await checkLeavingMembers(trx, realmId, groupId, input.delete);
      await trx('user_group_members')
        .where({ user_group_id: groupId })
        .whereRaw(...anyOf('user_id', remove))
        .delete();
      notices.push(userEventNotice(realmId, { type: 'user_group', op: 'remove_members', group_id: groupId, user_ids: remove }, recipients));
    }
    await writeNotices(trx, notices);
  });
  return {};
}
