/**
 * Roles as the server numbers them (Zulip's feature level 59) and the rows of the users screen:
 * who is listed, in what order, with which role and which actions.
 */
export const ROLE_OPTIONS = [
  { code: 200, label: 'Administrator' },
  { code: 300, label: 'Moderator' },
  { code: 400, label: 'Member' },
  { code: 600, label: 'Guest' },
] as const;

export function roleLabel(code: number): string {
  if (code === 100) return 'Owner';
  return ROLE_OPTIONS.find((r) => r.code === code)?.label ?? `Role ${code}`;
}

export interface AccountLike {
  user_id: number;
  full_name: string;
  email: string;
  role: number;
  is_bot: boolean;
}

export interface UserRow<T extends AccountLike = AccountLike> {
  user: T;
  active: boolean;
  roleLabel: string;
  /** The viewer's own row: its role and activity are changed elsewhere (own settings). */
  isSelf: boolean;
}

const byName = (a: AccountLike, b: AccountLike) => a.full_name.localeCompare(b.full_name) || a.user_id - b.user_id;

/** Active people first, then bots, then the deactivated; each by name. */
export function userRows<T extends AccountLike>(active: T[], inactive: T[], selfId: number): UserRow<T>[] {
  const row = (user: T, isActive: boolean): UserRow<T> => ({
    user,
    active: isActive,
    roleLabel: user.is_bot ? 'Bot' : roleLabel(user.role),
    isSelf: user.user_id === selfId,
  });
  const people = active.filter((u) => !u.is_bot).sort(byName);
  const bots = active.filter((u) => u.is_bot).sort(byName);
  return [...people.map((u) => row(u, true)), ...bots.map((u) => row(u, true)), ...[...inactive].sort(byName).map((u) => row(u, false))];
}

/** Rows whose name or address contains the filter text (case-insensitive). */
export function filterRows<T extends AccountLike>(rows: UserRow<T>[], text: string): UserRow<T>[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((r) => r.user.full_name.toLowerCase().includes(needle) || r.user.email.toLowerCase().includes(needle));
}
