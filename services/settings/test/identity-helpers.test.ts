import { randomBytes } from 'node:crypto';
import { appLoginUrl, checkOtp, otpEncryptApiKey } from '../src/identity/app-flows';
import { safeNextPath } from '../src/identity/next-path';

describe('where a login lands', () => {
  it.each([
    ['/', '/'],
    ['/#narrow/stream/1-general', '/#narrow/stream/1-general'],
    ['/help/?q=1', '/help/?q=1'],
  ])('keeps the path %s', (next, expected) => expect(safeNextPath(next)).toBe(expected));

  it.each([
    undefined,
    '',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\tevil',
    'evil.example',
  ])('sends %p to /', (next) => expect(safeNextPath(next)).toBe('/'));
});

describe("the apps' one-time pad", () => {
  it('takes exactly 64 hex characters', () => {
    const otp = randomBytes(32).toString('hex');
    expect(checkOtp('mobile_flow_otp', otp.toUpperCase())).toBe(otp);
    expect(checkOtp('mobile_flow_otp', undefined)).toBeNull();
    for (const bad of [otp.slice(1), `${otp}0`, `${otp.slice(1)}x`]) {
      expect(() => checkOtp('mobile_flow_otp', bad)).toThrow('Invalid mobile_flow_otp: it must be 64 hexadecimal characters.');
    }
  });

  it("encrypts as Zulip's otp_encrypt_api_key: the key's hex XOR the pad, hex digit by hex digit", () => {
    const apiKey = 'a'.repeat(32);
    const otp = '1'.repeat(64);
    // 'a' is 0x61: 6^1 = 7, 1^1 = 0.
    expect(otpEncryptApiKey(apiKey, otp)).toBe('70'.repeat(32));
    const url = new URL(appLoginUrl({ id: 7, delivery_email: 'iago@zulip.com' }, 'https://chat.example.com', apiKey, otp));
    expect(url.protocol).toBe('zulip:');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      otp_encrypted_api_key: '70'.repeat(32),
      email: 'iago@zulip.com',
      user_id: '7',
      realm: 'https://chat.example.com',
    });
  });
});
