/**
 * The official apps' login through a browser (Zulip's mobile_flow_otp and desktop_flow_otp): the
 * app gives a one-time pad of 64 hex characters with the login URL. The mobile flow ends with a
 * `zulip://login` redirect carrying the API key XOR the pad, so the key never travels in clear;
 * the desktop flow with a page showing a hand-off token (a session, never the key) encrypted with
 * the pad as an AES-256-GCM key, which the desktop app decrypts and opens.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { badRequest, escapeHtml } from '@chat/errors';

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

/** Zulip's desktop_data: hex of a 12-byte IV, then the token encrypted by AES-256-GCM under the pad, then its tag. */
export function desktopFlowData(token: string, otp: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(otp, 'hex'), iv);
  const encrypted = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, encrypted, cipher.getAuthTag()]).toString('hex');
}

/** The page that ends the desktop flow: the encrypted token to paste into the app, or the browser's own login. */
export function desktopFlowPage(data: string, realmUrl: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Finish logging in</title></head><body>',
    '<h1>Finish logging in to the desktop app</h1>',
    '<p>Copy this code and paste it into the Zulip desktop app:</p>',
    `<pre id="desktop-data">${data}</pre>`,
    `<p>Or <a href="${escapeHtml(realmUrl)}/">log in in this browser</a> instead.</p>`,
    '</body></html>',
  ].join('\n');
}
