/** User groups (written by the settings service; the message service reads them for @*group* mentions). */
import type { Executor } from '../connect';
import { anyOf } from '../any-of';
import type { Role } from '../roles';

/**
 * Each realm's system groups (Zulip's role:* groups; migration 0700 makes their rows): the roles
 * whose users are direct members and the one group nested in it, so that each group holds every
 * role above it. A realm here has no owners, and every member is a full member (2.1's waiting
 * period does not restrict anything this server checks).
 */
export const SYSTEM_GROUPS: Record<string, { roles: Role[]; subgroup: string | null }> = {
  'role:owners': { roles: [], subgroup: null },
  'role:administrators': { roles: ['admin'], subgroup: 'role:owners' },
  'role:moderators': { roles: ['moderator'], subgroup: 'role:administrators' },
  'role:fullmembers': { roles: ['member'], subgroup: 'role:moderators' },
  'role:members': { roles: [], subgroup: 'role:fullmembers' },
  'role:everyone': { roles: ['guest'], subgroup: 'role:members' },
  'role:internet': { roles: [], subgroup: 'role:everyone' },
  'role:nobody': { roles: [], subgroup: null },
};

/** The groups people make (system groups cannot be mentioned or edited). */
export async function realmUserGroupNames(db: Executor, realmId: number): Promise<{ id: number; name: string }[]> {
  return db('user_groups').where({ realm_id: realmId, is_system_group: false }).orderBy('id').select('id', 'name');
}

export interface UserGroupDict {
  id: number;
  name: string;
  description: string;
  members: number[];
  /** Groups nested in this one (feature level 131). */
  direct_subgroup_ids: number[];
  /** Whether the server made it (feature level 93). */
  is_system_group: boolean;
}

/** The members of the given groups, each once. */
export async function userGroupMemberIds(db: Executor, groupIds: number[]): Promise<number[]> {
  if (!groupIds.length) return [];
  const rows: { user_id: number }[] = await db('user_group_members')
    .whereRaw(...anyOf('user_group_id', groupIds))
    .distinct('user_id');
  return rows.map((r) => r.user_id);
}

/**
 * Every group of the realm with its direct members and subgroups, ordered by id (Zulip's
 * user_groups_in_realm_serialized). A system group's members are the users of its roles.
 */
export async function userGroupsInRealm(db: Executor, realmId: number): Promise<UserGroupDict[]> {
  const groups: { id: number; name: string; description: string; is_system_group: boolean }[] = await db('user_groups')
    .where({ realm_id: realmId })
    .orderBy('id')
    .select('id', 'name', 'description', 'is_system_group');
  if (!groups.length) return [];
  const members: { user_group_id: number; user_id: number }[] = await db('user_group_members')
    .whereRaw(
      ...anyOf(
        'user_group_id',
        groups.map((g) => g.id),
      ),
    )
    .orderBy('user_id')
    .select('user_group_id', 'user_id');
  // Deactivated users stay members, as of groups people make: (de)activation changes no group.
  const users: { id: number; role: Role }[] = await db('users').where({ realm_id: realmId }).orderBy('id').select('id', 'role');
  const idByName = new Map(groups.filter((g) => g.is_system_group).map((g) => [g.name, g.id]));
  return groups.map((g) => {
    const rule = g.is_system_group ? SYSTEM_GROUPS[g.name] : undefined;
    const subgroup = rule?.subgroup ? idByName.get(rule.subgroup) : undefined;
    return {
      ...g,
      members: rule
        ? users.filter((u) => rule.roles.includes(u.role)).map((u) => u.id)
        : members.filter((m) => m.user_group_id === g.id).map((m) => m.user_id),
      direct_subgroup_ids: subgroup === undefined ? [] : [subgroup],
    };
  });
}

/** The name of the system group whose direct members have this role. */
export function systemGroupOfRole(role: Role): string {
  const entry = Object.entries(SYSTEM_GROUPS).find(([, rule]) => rule.roles.includes(role));
  if (!entry) throw new Error(`no system group holds role ${role}`);
  return entry[0];
}

/** A system group's id in the realm (group-setting values point to them). */
export async function systemGroupId(db: Executor, realmId: number, name: keyof typeof SYSTEM_GROUPS): Promise<number | undefined> {
  const row: { id: number } | undefined = await db('user_groups').where({ realm_id: realmId, name, is_system_group: true }).first('id');
  return row?.id;
}
