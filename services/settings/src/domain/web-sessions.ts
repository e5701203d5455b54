/**
 * Browser sessions: logging in starts one (a row in `sessions`, its token in an HttpOnly cookie),
 * logging out ends it, and a deactivation or a password change ends all of a user's (see
 * endUserSessions). notifyAuthChange makes every process drop what it cached, at commit.
 */
import type { ServerResponse } from 'node:http';
import type { Request } from 'express';
import { sessionCookies } from '@chat/auth';
import { createSession, deleteSession, getRealm, notifyAuthChange, type UserRow } from '@chat/db';
import { ApiError } from '@chat/errors';
import type { SettingsContext } from '../app';
import { requireDevelopment } from './fetch-api-key';
import { realmUrlOf } from './server-settings';

/** Starts a session for a user who just proved who they are, and sets its cookies. */
export async function startWebSession(ctx: SettingsContext, user: UserRow, req: Request, res: ServerResponse): Promise<Record<string, unknown>> {
  // A bot acts with its API key; it has no password and no browser.
  if (user.is_bot) throw new ApiError('Bots cannot log in to the web client.', { status: 403, extra: { reason: 'bot' } });
  const session = await createSession(ctx.db.knex, user);
  res.setHeader('Set-Cookie', sessionCookies(req, session));
  return { user_id: user.id, email: user.delivery_email };
}

export async function endWebSession(ctx: SettingsContext, userId: number, sessionId: number | undefined, req: Request, res: ServerResponse): Promise<Record<string, unknown>> {
  if (sessionId !== undefined) {
    await ctx.db.knex.transaction(async (trx) => {
      await deleteSession(trx, sessionId);
      await notifyAuthChange(trx, userId);
    });
  }
  res.setHeader('Set-Cookie', sessionCookies(req, null));
  return {};
}

/** Zulip's api_dev_list_users: who the development login offers, administrators first. */
export async function devListUsers(ctx: SettingsContext, realmId: number | null): Promise<Record<string, unknown>> {
  requireDevelopment(ctx);
  const realm = realmId === null ? undefined : await getRealm(ctx.db.knex, realmId);
  if (!realm) return { direct_admins: [], direct_users: [] };
  const users = await ctx.db
    .knex<UserRow>('users')
    .where({ realm_id: realm.id, is_active: true, is_bot: false })
    .orderBy('id')
    .select('delivery_email', 'full_name', 'role');
  const realm_uri = await realmUrlOf(ctx.db.knex, ctx.config.externalHost, realm);
  const entry = (u: Pick<UserRow, 'delivery_email' | 'full_name'>) => ({ email: u.delivery_email, full_name: u.full_name, realm_uri });
  return {
    direct_admins: users.filter((u) => u.role === 'admin').map(entry),
    direct_users: users.filter((u) => u.role !== 'admin').map(entry),
  };
}
