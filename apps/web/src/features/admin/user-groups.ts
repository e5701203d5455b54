/** The user groups an administrator edits (not the built-in role groups) and who may still join one. */
export interface GroupLike {
  id: number;
  name: string;
  is_system_group: boolean;
}

export function editableGroups<T extends GroupLike>(groups: T[]): T[] {
  return groups.filter((g) => !g.is_system_group).sort((a, b) => a.name.localeCompare(b.name));
}

export function memberChoices<U extends { user_id: number; full_name: string }>(users: U[], members: number[]): U[] {
  const inGroup = new Set(members);
  return users.filter((u) => !inGroup.has(u.user_id)).sort((a, b) => a.full_name.localeCompare(b.full_name));
}
