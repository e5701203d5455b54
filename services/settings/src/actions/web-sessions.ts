/**
 * Browser sessions: logging in starts one (a row in `sessions`, its token in an HttpOnly cookie),
 * logging out ends it, and a deactivation or a password change ends all of a user's (see
 * endUserSessions). notifyAuthChange makes every process drop what it cached, at commit.
 */
import type { ServerResponse } from 'node:http';
import type { Request } from 'express';
import { sessionCookies } from '@chat/auth';
import { createSession, deleteSession, notifyAuthChange, type UserRow } from '@chat/db';
import { ApiError } from '@chat/errors';
import type { SettingsContext } from '../deps';

/** Starts a session for a user who just proved who they are, and sets its cookies. */
export async function startWebSession(
  ctx: SettingsContext,
  user: UserRow,
  req: Request,
  res: ServerResponse,
): Promise<Record<string, unknown>> {
  // A bot acts with its API key; it has no password and no browser.
  if (user.is_bot) throw new ApiError('Bots cannot log in to the web client.', { status: 403, extra: { reason: 'bot' } });
  const session = await createSession(ctx.db.knex, user);
  res.setHeader('Set-Cookie', sessionCookies(req, session));
  return { user_id: user.id, email: user.delivery_email };
}

export async function endWebSession(
  ctx: SettingsContext,
  userId: number,
  sessionId: number | undefined,
  req: Request,
  res: ServerResponse,
): Promise<Record<string, unknown>> {
  if (sessionId !== undefined) {
    await ctx.db.knex.transaction(async (trx) => {
      await deleteSession(trx, sessionId);
      await notifyAuthChange(trx, userId);
    });
  }
  res.setHeader('Set-Cookie', sessionCookies(req, null));
  return {};
}
