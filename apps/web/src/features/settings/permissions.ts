/**
 * What the viewer may do in the organization, from the realm's policies and their own role as
 * /register states them: the same rules the server applies to each request (it still checks every
 * one), so the administration screens are offered to exactly those it lets act.
 */

export type ViewerRole = 'admin' | 'moderator' | 'member' | 'guest';

/** Zulip's Realm.POLICY_* values that the policies below take. */
export const POLICY = {
  MEMBERS_ONLY: 1,
  ADMINS_ONLY: 2,
  FULL_MEMBERS_ONLY: 3,
  MODERATORS_ONLY: 4,
  EVERYONE: 5,
  NOBODY: 6,
  OWNERS_ONLY: 7,
} as const;

/** The server refuses invitations from a member this new while the realm needs no invitation. */
export const INVITES_MIN_USER_AGE_DAYS = 3;

/** The parts of /register's answer the capabilities depend on (realm and realm_user). */
export interface PolicyState {
  realm_invite_by_admins_only?: boolean;
  realm_invite_required?: boolean;
  realm_add_emoji_by_admins_only?: boolean;
  realm_create_stream_policy?: number;
  realm_user_group_edit_policy?: number;
  is_admin?: boolean;
  is_moderator?: boolean;
  is_guest?: boolean;
  /** The viewer's own date_joined (ISO 8601), from the user list. */
  dateJoined?: string;
}

export interface Capabilities {
  administer: boolean;
  invite: boolean;
  /** Invite as administrator or moderator, and make reusable links. */
  inviteAsStaff: boolean;
  addEmoji: boolean;
  createStreams: boolean;
  editUserGroups: boolean;
}

export const NO_CAPABILITIES: Capabilities = {
  administer: false,
  invite: false,
  inviteAsStaff: false,
  addEmoji: false,
  createStreams: false,
  editUserGroups: false,
};

export function roleOf(state: PolicyState): ViewerRole {
  if (state.is_admin === true) return 'admin';
  if (state.is_moderator === true) return 'moderator';
  if (state.is_guest === true) return 'guest';
  return 'member';
}

/**
 * Whether a role meets a policy, each role meeting the policies of the roles below it. The server
 * applies these policies with every member counted as full (it reads no waiting period for them).
 */
export function meetsPolicy(role: ViewerRole, policy: number): boolean {
  if (policy === POLICY.NOBODY) return false;
  if (policy === POLICY.EVERYONE) return true;
  // Nobody is an owner here: administrators are the highest role.
  if (policy === POLICY.OWNERS_ONLY) return false;
  if (role === 'admin') return true;
  if (policy === POLICY.ADMINS_ONLY) return false;
  if (role === 'moderator') return true;
  if (policy === POLICY.MODERATORS_ONLY) return false;
  if (role === 'guest') return false;
  return policy === POLICY.MEMBERS_ONLY || policy === POLICY.FULL_MEMBERS_ONLY;
}

/** Whether the viewer's account is too new to invite: only while the realm needs no invitation. */
function tooNewToInvite(state: PolicyState, role: ViewerRole, now: number): boolean {
  if (state.realm_invite_required !== false || role === 'admin') return false;
  const joined = state.dateJoined === undefined ? NaN : Date.parse(state.dateJoined);
  return !Number.isFinite(joined) || joined > now - INVITES_MIN_USER_AGE_DAYS * 86_400_000;
}

export function capabilitiesOf(state: PolicyState, now = Date.now()): Capabilities {
  const role = roleOf(state);
  const admin = role === 'admin';
  const memberOrAdmin = role !== 'guest';
  return {
    administer: admin,
    invite: memberOrAdmin && (admin || state.realm_invite_by_admins_only !== true) && !tooNewToInvite(state, role, now),
    inviteAsStaff: admin,
    addEmoji: memberOrAdmin && (admin || state.realm_add_emoji_by_admins_only !== true),
    createStreams: meetsPolicy(role, state.realm_create_stream_policy ?? POLICY.MEMBERS_ONLY),
    editUserGroups: memberOrAdmin && meetsPolicy(role, state.realm_user_group_edit_policy ?? POLICY.MEMBERS_ONLY),
  };
}
