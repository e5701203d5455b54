/**
 * Temporary URLs of stored files (Zulip's generate_unauthed_file_access_url): a path that serves
 * one file without credentials until it expires, for a client that must hand the file to
 * something holding none (the mobile app opens a linked file in the system's browser).
 *
 * The token carries what it grants and is signed, so any replica of the server accepts it and
 * none keeps it: `<user id>.<expiry, unix seconds>.<path id, base64url>.<HMAC-SHA256>`. The user
 * is whoever asked for it: serving it checks that they may still read the file. The key is
 * derived from a server secret for this use alone, so the signature proves nothing elsewhere.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where the temporary URLs are served (Zulip's file_unauthed_from_token). */
export const TEMPORARY_URL_PREFIX = '/user_uploads/temporary';

export interface FileTokenGrant {
  /** The stored file's path id (its storage key and the rest of its permanent URL). */
  pathId: string;
  /** Who asked for the URL: the file is served only while they may read it. */
  userId: number;
}

/** Path ids are at most this long (a realm id, two random parts and a 255-character name). */
const MAX_PATH_ID = 400;
const TOKEN = /^([1-9][0-9]{0,9})\.([0-9]{1,12})\.([A-Za-z0-9_-]{1,600})\.([A-Za-z0-9_-]{43})$/;

function keyFor(secret: string): Buffer {
  return createHmac('sha256', secret).update('temporary file URLs').digest();
}

function signature(secret: string, payload: string): string {
  return createHmac('sha256', keyFor(secret)).update(payload).digest('base64url');
}

/** A token granting `grant` until `expiresAtMs` (rounded down to the second). */
export function signFileToken(secret: string, grant: FileTokenGrant, expiresAtMs: number): string {
  const payload = `${grant.userId}.${Math.floor(expiresAtMs / 1000)}.${Buffer.from(grant.pathId).toString('base64url')}`;
  return `${payload}.${signature(secret, payload)}`;
}

/**
 * What the token grants, when one of `secrets` signed it and it has not expired at `nowMs`;
 * null for anything else (malformed, forged, expired).
 */
export function verifyFileToken(secrets: readonly string[], token: string, nowMs: number): FileTokenGrant | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, userId, expiresAt, encodedPath, mac] = match as unknown as [string, string, string, string, string];
  const payload = `${userId}.${expiresAt}.${encodedPath}`;
  const given = Buffer.from(mac);
  const signed = secrets.some((secret) => {
    const expected = Buffer.from(signature(secret, payload));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed || Number(expiresAt) * 1000 < nowMs) return null;
  const pathId = Buffer.from(encodedPath, 'base64url').toString('utf8');
  if (pathId.length === 0 || pathId.length > MAX_PATH_ID) return null;
  return { pathId, userId: Number(userId) };
}

/** The file name a temporary URL ends with: the path id's last part. */
export function temporaryUrlFileName(pathId: string): string {
  return pathId.slice(pathId.lastIndexOf('/') + 1);
}

/** The temporary URL of a token's file, a path under the server. */
export function temporaryFileUrl(token: string, pathId: string): string {
  return `${TEMPORARY_URL_PREFIX}/${token}/${encodeURIComponent(temporaryUrlFileName(pathId))}`;
}
