/**
 * Temporary file URLs' tokens, on a clock the test holds: valid until their expiry and not a
 * moment after, bound to one file and one reader, refused when edited or signed with another
 * secret, accepted under the previous secret during a rotation.
 */
import { signFileToken, temporaryFileUrl, temporaryUrlFileName, verifyFileToken } from '../src';

const SECRET = 'test-internal-secret-0123456789abcdef';
const PREVIOUS = 'previous-internal-secret-0123456789ab';
const grant = { pathId: '2/ab/Xy_-Zw/castle plan.pdf', userId: 10 };
const NOW = 1_700_000_000_000;

describe('temporary file URLs', () => {
  it('grant their file to their reader until they expire (a minute, on a clock the test holds)', () => {
    const token = signFileToken(SECRET, grant, NOW + 60_000);
    expect(verifyFileToken([SECRET], token, NOW)).toEqual(grant);
    expect(verifyFileToken([SECRET], token, NOW + 59_999)).toEqual(grant);
    expect(verifyFileToken([SECRET], token, NOW + 60_000)).toEqual(grant);
    expect(verifyFileToken([SECRET], token, NOW + 60_001)).toBeNull();
    expect(verifyFileToken([SECRET], token, NOW + 3_600_000)).toBeNull();
  });

  it('are refused when edited, cut or signed with a secret the server does not hold', () => {
    const token = signFileToken(SECRET, grant, NOW + 60_000);
    const [userId, expiry, path, mac] = token.split('.') as [string, string, string, string];
    const otherPath = Buffer.from('2/cd/Other/secret.pdf').toString('base64url');
    for (const edited of [
      `11.${expiry}.${path}.${mac}`,
      `${userId}.${Number(expiry) + 3600}.${path}.${mac}`,
      `${userId}.${expiry}.${otherPath}.${mac}`,
      `${userId}.${expiry}.${path}.${mac.slice(0, -1)}A`,
      `${userId}.${expiry}.${path}`,
      '',
      'not a token',
      `${token}.extra`,
    ]) {
      expect({ edited, grant: verifyFileToken([SECRET], edited, NOW) }).toEqual({ edited, grant: null });
    }
    expect(verifyFileToken(['another-secret-0123456789abcdefghij'], token, NOW)).toBeNull();
  });

  it('are accepted under the previous secret while a rotation lasts', () => {
    const old = signFileToken(PREVIOUS, grant, NOW + 60_000);
    expect(verifyFileToken([SECRET], old, NOW)).toBeNull();
    expect(verifyFileToken([SECRET, PREVIOUS], old, NOW)).toEqual(grant);
  });

  it("end with the file's name, as Zulip's /user_uploads/temporary/<token>/<filename>", () => {
    const token = signFileToken(SECRET, grant, NOW + 60_000);
    expect(temporaryUrlFileName(grant.pathId)).toBe('castle plan.pdf');
    expect(temporaryFileUrl(token, grant.pathId)).toBe(`/user_uploads/temporary/${token}/castle%20plan.pdf`);
    expect(token).toMatch(/^[0-9A-Za-z._-]+$/);
  });
});
