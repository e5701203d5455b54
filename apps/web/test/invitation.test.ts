import { invitationKeyOf } from '../src/features/session/invitation';

describe('invitation links', () => {
  const key = 'abcdefghijklmnopqrstuvwx';
  it('finds the key of an e-mail invitation and of a reusable link', () => {
    expect(invitationKeyOf(`/accounts/do_confirm/${key}`)).toBe(key);
    expect(invitationKeyOf(`/join/${key}/`)).toBe(key);
    expect(invitationKeyOf(`/join/${key}`)).toBe(key);
  });
  it('ignores every other address', () => {
    for (const path of ['/', '/login', `/join/${key}/extra`, '/join/short/', `/accounts/do_confirm/${key.toUpperCase()}`])
      expect(invitationKeyOf(path)).toBeNull();
  });
});
