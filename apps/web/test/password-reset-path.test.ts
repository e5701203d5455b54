import { RESET_FORM_URL, resetPageOf } from '../src/features/password-reset/reset-path';

describe('password reset pages', () => {
  const token = 'Ab3_-xYz0123456789abcdefghijklmnopqrstuvwxy';
  it('opens the form, and the page of a mailed link with its token', () => {
    expect(resetPageOf(RESET_FORM_URL)).toEqual({ kind: 'request' });
    expect(resetPageOf('/accounts/password/reset')).toEqual({ kind: 'request' });
    expect(resetPageOf(`/accounts/password/reset/${token}/`)).toEqual({ kind: 'set', token });
    expect(resetPageOf(`/accounts/password/reset/${token}`)).toEqual({ kind: 'set', token });
  });
  it('ignores every other address', () => {
    for (const path of ['/', '/accounts/password', `/accounts/password/reset/${token}/extra`, '/accounts/password/reset/short/'])
      expect(resetPageOf(path)).toBeNull();
  });
});
