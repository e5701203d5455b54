/** User groups (Zulip 2.1's zerver/views/user_groups.py and zerver/lib/user_groups.py). */
import { anyOf, isRowId, userGroupsInRealm, writeNotices, type Executor, type UserRow } from '@chat/db';
import { ApiError, badRequest } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import type { SettingsContext } from '../app';
import { activeUserIds, loadActor, requireMemberOrAdmin } from './common';

/** Realm.USER_GROUP_EDIT_POLICY_MEMBERS; the other value (2) is administrators only. */
const EDIT_POLICY_MEMBERS = 1;

export interface UserGroupDict {
  id: number;
  name: string;
  description: string;
  members: number[];
}

/** Every group of the realm with its member ids, ordered by id. */
export async function userGroupDicts(db: Executor, realmId: number): Promise<UserGroupDict[]> {
  return userGroupsInRealm(db, realmId);
}

/** require_user_group_edit_permission: members and administrators (or administrators only). */
async function checkEditPermission(db: Executor, realmId: number, actorId: number): Promise<UserRow> {
  const actor = await loadActor(db, realmId, actorId);
  requireMemberOrAdmin(actor);
  const realm = await db('realms').where({ id: realmId }).first('settings');
  const policy = (realm?.settings as Record<string, unknown> | null)?.user_group_edit_policy ?? EDIT_POLICY_MEMBERS;
  if (policy !== EDIT_POLICY_MEMBERS && actor.role !== 'admin') {
    throw new ApiError('Must be an organization administrator', { code: 'UNAUTHORIZED_PRINCIPAL' });
  }
  return actor;
}

/** access_user_group_by_id: the group's members and administrators may change it. */
async function accessGroup(db: Executor, realmId: number, actor: UserRow, groupId: number): Promise<{ id: number; name: string; description: string }> {
  if (!isRowId(groupId)) throw badRequest('Invalid user group');
  const group: { id: number; name: string; description: string; is_system_group: boolean } | undefined = await db('user_groups')
    .where({ id: groupId, realm_id: realmId })
    .forUpdate()
    .first('id', 'name', 'description', 'is_system_group');
  if (!group) throw badRequest('Invalid user group');
  // Roles decide a system group's members; nobody edits it (Zulip's "Insufficient permission").
  if (group.is_system_group) throw badRequest('Insufficient permission');
  if (actor.role !== 'admin') {
    const member = await db('user_group_members').where({ user_group_id: groupId, user_id: actor.id }).first('user_id');
    if (!member) throw badRequest('Only group members and organization administrators can administer this group.');
  }
  return group;
}

/** user_ids_to_users: every id an account of the realm, in the order given. */
async function realmUserIds(db: Executor, realmId: number, userIds: number[]): Promise<number[]> {
  const outOfRange = userIds.find((userId) => !isRowId(userId));
  if (outOfRange !== undefined) throw badRequest(`Invalid user ID: ${outOfRange}`);
  const rows: { id: number }[] = userIds.length ? await db('users').where({ realm_id: realmId }).whereRaw(...anyOf('id', userIds)).select('id') : [];
  const found = new Set(rows.map((r) => r.id));
  for (const userId of userIds) if (!found.has(userId)) throw badRequest(`Invalid user ID: ${userId}`);
  return [...new Set(userIds)];
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

export async function listUserGroups(ctx: SettingsContext, realmId: number): Promise<Record<string, unknown>> {
  return { user_groups: await userGroupDicts(ctx.db.knex, realmId) };
}

export async function createUserGroup(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  input: { name: string; description: string; members: number[] },
): Promise<Record<string, unknown>> {
  try {
    await ctx.db.knex.transaction(async (trx) => {
      await checkEditPermission(trx, realmId, actorId);
      const members = await realmUserIds(trx, realmId, input.members);
      if (await trx('user_groups').where({ realm_id: realmId, name: input.name }).first('id')) {
        throw badRequest(`User group '${input.name}' already exists.`);
      }
      const [row] = await trx('user_groups').insert({ realm_id: realmId, name: input.name, description: input.description }).returning('id');
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
    if (isUniqueViolation(err)) throw badRequest(`User group '${input.name}' already exists.`);
    throw err;
  }
  return {};
}

export async function updateUserGroup(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  groupId: number,
  input: { name?: string; description?: string },
): Promise<Record<string, unknown>> {
  if (input.name === undefined && input.description === undefined) throw badRequest('No new data supplied');
  try {
    await ctx.db.knex.transaction(async (trx) => {
      const actor = await checkEditPermission(trx, realmId, actorId);
      const group = await accessGroup(trx, realmId, actor, groupId);
      const notices = [];
      const recipients = await activeUserIds(trx, realmId);
      if (input.name !== undefined && input.name !== group.name) {
        const clash = await trx('user_groups').where({ realm_id: realmId, name: input.name }).first('id');
        if (clash) throw badRequest(`User group '${input.name}' already exists.`);
        await trx('user_groups').where({ id: groupId }).update({ name: input.name });
        notices.push(userEventNotice(realmId, { type: 'user_group', op: 'update', group_id: groupId, data: { name: input.name } }, recipients));
      }
      if (input.description !== undefined && input.description !== group.description) {
        await trx('user_groups').where({ id: groupId }).update({ description: input.description });
        notices.push(
          userEventNotice(realmId, { type: 'user_group', op: 'update', group_id: groupId, data: { description: input.description } }, recipients),
        );
      }
      if (notices.length) await writeNotices(trx, notices);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(`User group '${input.name ?? ''}' already exists.`);
    throw err;
  }
  return {};
}

export async function deleteUserGroup(ctx: SettingsContext, realmId: number, actorId: number, groupId: number): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    const actor = await checkEditPermission(trx, realmId, actorId);
    await accessGroup(trx, realmId, actor, groupId);
    await trx('user_group_members').where({ user_group_id: groupId }).delete();
    await trx('user_groups').where({ id: groupId }).delete();
    await writeNotices(trx, [userEventNotice(realmId, { type: 'user_group', op: 'remove', group_id: groupId }, await activeUserIds(trx, realmId))]);
  });
  return {};
}

export async function updateUserGroupMembers(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  groupId: number,
  input: { add: number[]; delete: number[] },
): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    // Who may edit groups is checked first, as Zulip's decorator does, before the arguments.
    const actor = await checkEditPermission(trx, realmId, actorId);
    if (!input.add.length && !input.delete.length) throw badRequest("Nothing to do. Specify at least one of 'add' or 'delete'.");
    await accessGroup(trx, realmId, actor, groupId);
    const recipients = await activeUserIds(trx, realmId);
    const notices = [];
    if (input.add.length) {
      const add = await realmUserIds(trx, realmId, input.add);
      const existing: { user_id: number }[] = await trx('user_group_members').where({ user_group_id: groupId }).whereRaw(...anyOf('user_id', add)).select('user_id');
      const already = add.find((userId) => existing.some((e) => e.user_id === userId));
      if (already !== undefined) throw badRequest(`User ${already} is already a member of this group`);
      await trx('user_group_members').insert(add.map((userId) => ({ user_group_id: groupId, user_id: userId })));
      notices.push(userEventNotice(realmId, { type: 'user_group', op: 'add_members', group_id: groupId, user_ids: add }, recipients));
    }
    if (input.delete.length) {
      const remove = await realmUserIds(trx, realmId, input.delete);
      const present: { user_id: number }[] = await trx('user_group_members').where({ user_group_id: groupId }).whereRaw(...anyOf('user_id', remove)).select('user_id');
      const missing = remove.find((userId) => !present.some((e) => e.user_id === userId));
      if (missing !== undefined) throw badRequest(`There is no member '${missing}' in this user group`);
      await trx('user_group_members').where({ user_group_id: groupId }).whereRaw(...anyOf('user_id', remove)).delete();
      notices.push(userEventNotice(realmId, { type: 'user_group', op: 'remove_members', group_id: groupId, user_ids: remove }, recipients));
    }
    await writeNotices(trx, notices);
  });
  return {};
}
