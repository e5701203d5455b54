import { expiryText, parseEmails, readInvites } from '../src/features/admin/invites';
import { filterRows, roleLabel, userRows } from '../src/features/admin/roles';
import { editableGroups, memberChoices } from '../src/features/admin/user-groups';

const person = (user_id: number, full_name: string, role = 400, is_bot = false) => ({
  user_id,
  full_name,
  email: `${full_name.toLowerCase()}@zulip.com`,
  role,
  is_bot,
});

describe('the users screen', () => {
  it('names each role, the owner and unknown numbers too', () => {
    expect([100, 200, 300, 400, 600, 700].map(roleLabel)).toEqual(['Owner', 'Administrator', 'Moderator', 'Member', 'Guest', 'Role 700']);
  });

  it('lists active people by name, then bots, then the deactivated, marking the viewer', () => {
    const rows = userRows([person(3, 'Othello'), person(9, 'Bot', 400, true), person(1, 'Iago', 200)], [person(5, 'Cordelia')], 1);
    expect(rows.map((r) => [r.user.full_name, r.roleLabel, r.active, r.isSelf])).toEqual([
      ['Iago', 'Administrator', true, true],
      ['Othello', 'Member', true, false],
      ['Bot', 'Bot', true, false],
      ['Cordelia', 'Member', false, false],
    ]);
  });

  it('filters by name or address, ignoring case', () => {
    const rows = userRows([person(3, 'Othello'), person(1, 'Iago')], [], 1);
    expect(filterRows(rows, ' IAG ').map((r) => r.user.user_id)).toEqual([1]);
    expect(filterRows(rows, 'othello@')).toHaveLength(1);
    expect(filterRows(rows, '')).toHaveLength(2);
  });
});

describe('pending invitations', () => {
  it('reads e-mail invitations and links, leaving out entries it cannot read', () => {
    const invites = readInvites([
      { id: 1, email: 'a@zulip.com', invited_as: 600, invited_by_user_id: 7, expiry_date: 100, is_multiuse: false },
      { id: 2, link_url: 'https://x/join/abc/', invited_as: 400, expiry_date: null, is_multiuse: true },
      { id: 'x', email: 'bad' },
      null,
      'text',
    ]);
    expect(invites).toEqual([
      { id: 1, target: 'a@zulip.com', isLink: false, invitedAs: 600, invitedBy: 7, expiresAt: 100 },
      { id: 2, target: 'https://x/join/abc/', isLink: true, invitedAs: 400, invitedBy: null, expiresAt: null },
    ]);
  });

  it('says when an invitation expires', () => {
    expect(expiryText(null, 0)).toBe('never expires');
    expect(expiryText(86400, 0)).toBe('expires in 1 day');
    expect(expiryText(10 * 86400, 0)).toBe('expires in 10 days');
    expect(expiryText(10, 100)).toBe('expires today');
  });

  it('splits the typed addresses on commas and new lines', () => {
    expect(parseEmails('a@x.com, b@x.com\n\n Ann <c@x.com>,')).toEqual(['a@x.com', 'b@x.com', 'Ann <c@x.com>']);
  });
});

describe('user groups', () => {
  it('leaves out the role groups and offers only those not yet members', () => {
    const groups = [
      { id: 1, name: 'role:members', is_system_group: true },
      { id: 3, name: 'writers', is_system_group: false },
      { id: 2, name: 'actors', is_system_group: false },
    ];
    expect(editableGroups(groups).map((g) => g.id)).toEqual([2, 3]);
    expect(memberChoices([person(2, 'Zed'), person(1, 'Ann'), person(3, 'Bob')], [3]).map((u) => u.user_id)).toEqual([1, 2]);
  });
});
