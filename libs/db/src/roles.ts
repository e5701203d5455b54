/**
 * Users' roles and the realm policies they meet (Zulip's UserProfile.ROLE_* and
 * UserProfile.has_permission). A realm here has no owners: administrators are its highest role.
 */
export type Role = 'admin' | 'moderator' | 'member' | 'guest';

/** Zulip's role numbers (feature levels 59 and 60): 100 owner has no users here. */
export const ROLE_CODES: Record<Role, number> = { admin: 200, moderator: 300, member: 400, guest: 600 };

/** Zulip's UserProfile.ROLE_REALM_OWNER: a number clients may send, never a role here. */
export const OWNER_ROLE_CODE = 100;

/** The role of one of Zulip's role numbers; undefined for the owner's and any unknown number. */
export function roleOfCode(code: number): Role | undefined {
  return (Object.keys(ROLE_CODES) as Role[]).find((role) => ROLE_CODES[role] === code);
}

/** Zulip's is_moderator: moderators only (an administrator is not one, though the groups nest). */
export function isModerator(role: Role): boolean {
  return role === 'moderator';
}

/**
 * Zulip's Realm.POLICY_* values (CommonPolicyEnum and its kin), which a realm setting such as
 * create_stream_policy takes a subset of.
 */
export const POLICY = {
  MEMBERS_ONLY: 1,
  ADMINS_ONLY: 2,
  FULL_MEMBERS_ONLY: 3,
  MODERATORS_ONLY: 4,
  EVERYONE: 5,
  NOBODY: 6,
  OWNERS_ONLY: 7,
} as const;

/** Zulip's COMMON_POLICY_TYPES: the values of create_stream_policy, invite_to_stream_policy and their kin. */
export const COMMON_POLICY_VALUES: readonly number[] = [
  POLICY.MEMBERS_ONLY,
  POLICY.ADMINS_ONLY,
  POLICY.FULL_MEMBERS_ONLY,
  POLICY.MODERATORS_ONLY,
];

/**
 * Zulip's has_permission: whether a role meets a policy, each role meeting every policy of the
 * roles below it. `fullMember`: whether a member has passed the realm's waiting period (a check
 * that reads it passes it; elsewhere every member counts as full). With no owners, nobody meets
 * OWNERS_ONLY.
 */
export function roleMeetsPolicy(role: Role, policy: number, fullMember = true): boolean {
  if (policy === POLICY.NOBODY) return false;
  if (policy === POLICY.EVERYONE) return true;
  if (policy === POLICY.OWNERS_ONLY) return false;
  if (role === 'admin') return true;
  if (policy === POLICY.ADMINS_ONLY) return false;
  if (role === 'moderator') return true;
  if (policy === POLICY.MODERATORS_ONLY) return false;
  if (role === 'guest') return false;
  return policy === POLICY.MEMBERS_ONLY || (policy === POLICY.FULL_MEMBERS_ONLY && fullMember);
}
