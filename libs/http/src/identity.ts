/**
 * Who is calling. The gateway resolves it (HTTP Basic, api_key, or nobody) and hands it to the
 * service: as a request property in the embedded topology, or in a signed internal header in the
 * distributed one. A service trusts the header only when its HMAC matches the shared secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface UserIdentity {
  kind: 'user';
  userId: number;
  realmId: number;
  email: string;
  fullName: string;
  isAdmin: boolean;
  /** Zulip's is_moderator (feature level 60): moderators only, not administrators. */
  isModerator: boolean;
  isGuest: boolean;
  isBot: boolean;
  botType: number | null;
  /** The browser session the request came with (under /json), which logging out ends. */
  sessionId?: number;
}

/** Another service calling an internal API under its own name. */
export interface ServiceIdentity {
  kind: 'service';
  service: string;
  realmId: number | null;
}

/** An unauthenticated request; the realm comes from the Host header. */
export interface AnonymousIdentity {
  kind: 'anonymous';
  realmId: number | null;
  /**
   * The client's address as the gateway saw it (its socket's peer, as the rate limiter counts),
   * for the per-IP limits a service keeps itself (the sign-up e-mails); absent on internal calls.
   */
  clientAddress?: string;
}

export type Identity = UserIdentity | ServiceIdentity | AnonymousIdentity;

export const IDENTITY_HEADER = 'x-chat-identity';
export const SIGNATURE_HEADER = 'x-chat-signature';
/** Signatures older than this are refused, so a captured header cannot be replayed for long. */
const MAX_SKEW_MS = 5 * 60 * 1000;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** Headers that carry `identity` to a service. */
export function identityHeaders(identity: Identity, secret: string, now = Date.now()): Record<string, string> {
  const payload = Buffer.from(JSON.stringify({ ...identity, ts: now })).toString('base64url');
  return { [IDENTITY_HEADER]: payload, [SIGNATURE_HEADER]: sign(secret, payload) };
}

/** Whether `signature` is `payload`'s under `secret`, in constant time. */
function signedWith(secret: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The identity in the headers, or null when they are absent, forged or stale. `secrets` may list
 * the current secret and the previous one: while INTERNAL_SECRET is rotated, pods still signing
 * with the old one are believed too (docs/security.md).
 */
export function verifyIdentityHeaders(
  payload: string | undefined,
  signature: string | undefined,
  secrets: string | readonly string[],
  now = Date.now(),
): Identity | null {
  if (!payload || !signature) return null;
  const accepted = typeof secrets === 'string' ? [secrets] : secrets;
  if (!accepted.some((secret) => signedWith(secret, payload, signature))) return null;
  try {
    const { ts, ...identity } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Identity & {
      ts: number;
    };
    if (typeof ts !== 'number' || Math.abs(now - ts) > MAX_SKEW_MS) return null;
    return identity as Identity;
  } catch {
    return null;
  }
}
