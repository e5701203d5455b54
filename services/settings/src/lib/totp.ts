/**
 * TOTP (RFC 6238: 6 digits, 30-second steps, SHA-1, what every authenticator app reads) through
 * otplib, and the one-time recovery codes. A code is accepted one step either side of now, for
 * clocks that drift, and only for a step later than the last one accepted, so it works once.
 */
import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/** A step either side of now: an app whose clock is up to 30 s off still works. */
const STEP_TOLERANCE_SECONDS = 30;

export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUri(issuer: string, account: string, secret: string): string {
  return generateURI({ issuer, label: account, secret });
}

/**
 * The URI as a QR code, an SVG as a data: URL: drawn on the server, so the secret never goes to a
 * third-party QR service and the web client needs no QR library, and an SVG stays sharp at any size.
 */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The time step a right code is for, if it is right and later than `afterStep`. */
export function totpStep(secret: string, code: string, afterStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    epochTolerance: STEP_TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Letters and digits that cannot be misread for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten characters (about 49 bits) in two groups of five: `k7m2q-x9rtp`. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What a typed recovery code is compared as: lower case, without spaces or dashes. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}
