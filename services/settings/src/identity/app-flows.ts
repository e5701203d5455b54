/**
 * The official apps' login through a browser (Zulip's mobile_flow_otp and desktop_flow_otp): the
 * app gives a one-time pad of 64 hex characters with the login URL; the login ends with a
 * `zulip://login` redirect carrying the API key XOR the pad, so the key never travels in clear.
 */
import { badRequest } from '@chat/errors';

const OTP = /^[0-9a-fA-F]{64}$/;

/** The pad as given (lower-cased), null when absent; anything but 64 hex characters is refused. */
export function checkOtp(name: 'mobile_flow_otp' | 'desktop_flow_otp', value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!OTP.test(value)) throw badRequest(`Invalid ${name}: it must be 64 hexadecimal characters.`);
  return value.toLowerCase();
}

/** Zulip's otp_encrypt_api_key: the key's bytes as hex, each hex digit XOR the pad's. */
export function otpEncryptApiKey(apiKey: string, otp: string): string {
  const keyHex = Buffer.from(apiKey, 'utf8').toString('hex');
  if (keyHex.length !== otp.length) throw new Error('the API key and the one-time pad differ in length');
  let out = '';
  for (let i = 0; i < keyHex.length; i++) out += (parseInt(keyHex[i]!, 16) ^ parseInt(otp[i]!, 16)).toString(16);
  return out;
}

/** The redirect that hands the key to the app (Zulip's create_response_for_otp_flow). */
export function appLoginUrl(user: { id: number; delivery_email: string }, realmUrl: string, apiKey: string, otp: string): string {
  const query = new URLSearchParams({
    otp_encrypted_api_key: otpEncryptApiKey(apiKey, otp),
    email: user.delivery_email,
    user_id: String(user.id),
    realm: realmUrl,
  });
  return `zulip://login?${query.toString()}`;
}
