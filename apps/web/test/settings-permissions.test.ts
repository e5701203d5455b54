import { capabilitiesOf, meetsPolicy, NO_CAPABILITIES, POLICY } from '../src/features/settings/permissions';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const longAgo = '2020-01-01T00:00:00Z';
const yesterday = '2026-11-27T12:00:00Z';

const openRealm = {
  realm_invite_by_admins_only: false,
  realm_invite_required: true,
  realm_add_emoji_by_admins_only: false,
  realm_create_stream_policy: POLICY.MEMBERS_ONLY,
  realm_user_group_edit_policy: POLICY.MEMBERS_ONLY,
};
const closedRealm = {
  realm_invite_by_admins_only: true,
  realm_invite_required: true,
  realm_add_emoji_by_admins_only: true,
  realm_create_stream_policy: POLICY.ADMINS_ONLY,
  realm_user_group_edit_policy: POLICY.ADMINS_ONLY,
};
const member = { is_admin: false, is_moderator: false, is_guest: false, dateJoined: longAgo };
const admin = { ...member, is_admin: true };
const moderator = { ...member, is_moderator: true };
const guest = { ...member, is_guest: true };

describe("the viewer's capabilities", () => {
  it('lets a member do what an open realm allows, but not administer', () => {
    expect(capabilitiesOf({ ...openRealm, ...member }, NOW)).toEqual({
      administer: false,
      invite: true,
      inviteAsStaff: false,
      addEmoji: true,
      createStreams: true,
      editUserGroups: true,
    });
  });

  it('keeps everything from a member when the realm says administrators only', () => {
    expect(capabilitiesOf({ ...closedRealm, ...member }, NOW)).toEqual(NO_CAPABILITIES);
  });

  it('lets an administrator do everything whatever the policies', () => {
    expect(Object.values(capabilitiesOf({ ...closedRealm, ...admin }, NOW)).every(Boolean)).toBe(true);
  });

  it('opens each policy on its own', () => {
    const may = capabilitiesOf({ ...closedRealm, realm_invite_by_admins_only: false, ...member }, NOW);
    expect(may).toEqual({ ...NO_CAPABILITIES, invite: true });
  });

  it('refuses guests invitations, emoji and user groups even in an open realm', () => {
    expect(capabilitiesOf({ ...openRealm, ...guest }, NOW)).toEqual(NO_CAPABILITIES);
  });

  it('lets moderators meet the moderators-only policies', () => {
    const policies = {
      ...closedRealm,
      realm_create_stream_policy: POLICY.MODERATORS_ONLY,
      realm_user_group_edit_policy: POLICY.MODERATORS_ONLY,
    };
    expect(capabilitiesOf({ ...policies, ...moderator }, NOW)).toMatchObject({ createStreams: true, editUserGroups: true, invite: false });
    expect(capabilitiesOf({ ...policies, ...member }, NOW)).toMatchObject({ createStreams: false, editUserGroups: false });
  });

  it('refuses invitations from a new account while the realm needs no invitation', () => {
    const open = { ...openRealm, realm_invite_required: false };
    expect(capabilitiesOf({ ...open, ...member, dateJoined: yesterday }, NOW).invite).toBe(false);
    expect(capabilitiesOf({ ...open, ...member, dateJoined: longAgo }, NOW).invite).toBe(true);
    expect(capabilitiesOf({ ...open, ...admin, dateJoined: yesterday }, NOW).invite).toBe(true);
    expect(capabilitiesOf({ ...openRealm, ...member, dateJoined: yesterday }, NOW).invite).toBe(true);
  });

  it('reads the policies as the server does, counting every member as full', () => {
    expect(meetsPolicy('member', POLICY.FULL_MEMBERS_ONLY)).toBe(true);
    expect(meetsPolicy('guest', POLICY.EVERYONE)).toBe(true);
    expect(meetsPolicy('admin', POLICY.NOBODY)).toBe(false);
    expect(meetsPolicy('admin', POLICY.OWNERS_ONLY)).toBe(false);
    expect(meetsPolicy('moderator', POLICY.ADMINS_ONLY)).toBe(false);
  });

  it('takes missing policies as the server does: open to members', () => {
    expect(capabilitiesOf(member, NOW)).toMatchObject({ invite: true, addEmoji: true, createStreams: true, editUserGroups: true });
  });
});
