/**
 * Browser sessions: a random token in an HttpOnly cookie, found by its SHA-256 (a leaked table
 * holds no usable cookie), with the CSRF token the session's unsafe requests must carry. The
 * settings service writes them; the gateway and the event tier read them (libs/auth).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from './connect';

/** Zulip's SESSION_COOKIE_AGE: two weeks. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface SessionRow {
  id: number;
  realm_id: number;
  user_id: number;
  csrf_token: string;
  expires_at: Date;
}

export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session; the token goes to the browser once and is never stored. */
export async function createSession(
  trx: Executor,
  user: { id: number; realm_id: number },
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await trx('sessions').insert({
    realm_id: user.realm_id,
    user_id: user.id,
    token_hash: sessionTokenHash(token),
    csrf_token: csrfToken,
    expires_at: expiresAt,
  });
  return { token, csrfToken, expiresAt };
}

/** The unexpired session a cookie names, if any. */
export async function findSession(db: Executor, token: string): Promise<SessionRow | undefined> {
  const row: SessionRow | undefined = await db('sessions')
    .select('id', 'realm_id', 'user_id', 'csrf_token', 'expires_at')
    .where({ token_hash: sessionTokenHash(token) })
    .first();
  if (!row) return undefined;
  const session = { ...row, id: Number(row.id), expires_at: new Date(row.expires_at) };
  return session.expires_at.getTime() > Date.now() ? session : undefined;
}

export async function deleteSession(trx: Executor, sessionId: number): Promise<void> {
  await trx('sessions').where({ id: sessionId }).delete();
}

/**
 * Ends every session of a user but `keep` (deactivation; a password change keeps the session that
 * made it, as Django does), and expired ones of anyone. The caller also calls notifyAuthChange,
 * so no process keeps one cached.
 */
export async function endUserSessions(trx: Executor, userId: number, keep?: number): Promise<void> {
  await trx('sessions')
    .where((q) => {
      void q.where({ user_id: userId });
      if (keep !== undefined) void q.whereNot({ id: keep });
    })
    .orWhere('expires_at', '<', new Date())
    .delete();
}
