/**
 * The end of every external login, whichever backend vouched: the mobile app gets its
 * `zulip://login` redirect with the API key encrypted by its pad, the desktop app a page with a
 * hand-off token encrypted by its pad; a browser gets a session and lands on `next`.
 * The callback is on the bare host, so a realm on a subdomain cannot get its session cookie from
 * there: the browser is sent to the realm's host with a one-minute, single-use hand-off token,
 * which that host exchanges for the session (Zulip's /accounts/login/subdomain/).
 */
import type { Request, Response } from 'express';
import { realmUrlOf, type UserRow } from '@chat/db';
import type { SettingsContext } from '../deps';
import { startWebSession } from '../actions/web-sessions';
import { refused } from '../lib/login-refusal';
import { userRowById } from '../queries/users';
import { appLoginUrl, desktopFlowData, desktopFlowPage } from './app-flows';
import type { LoginIntent } from './external-identity';
import { saveHandoff, takeHandoff } from './login-states';

/** Where the hand-off token is exchanged, on the realm's host. */
export const HANDOFF_PATH = '/accounts/login/subdomain';

async function realmUrlOfUser(ctx: SettingsContext, user: UserRow): Promise<string> {
  const row: { string_id: string } | undefined = await ctx.db.knex('realms').where({ id: user.realm_id }).first('string_id');
  return realmUrlOf(ctx.db.knex, ctx.config.externalHost, { id: user.realm_id, string_id: row?.string_id ?? '' });
}

function hostnameOf(req: Request): string {
  try {
    return new URL(`http://${req.headers.host ?? ''}`).hostname;
  } catch {
    return '';
  }
}

/** How a login ends: a redirect, or (the desktop app's flow) a page. */
export type LoginEnd = { redirect: string } | { page: string };

/** The end of the login, once the user is known (a session's cookies are set on `res`). */
export async function finishExternalLogin(
  ctx: SettingsContext,
  user: UserRow,
  intent: LoginIntent,
  req: Request,
  res: Response,
): Promise<LoginEnd> {
  const realmUrl = await realmUrlOfUser(ctx, user);
  if (intent.mobileFlowOtp !== null) {
    return { redirect: appLoginUrl(user, realmUrl, ctx.cipher.decrypt(user.api_key_enc), intent.mobileFlowOtp) };
  }
  const sameHost = new URL(realmUrl).hostname === hostnameOf(req);
  if (intent.desktopFlowOtp !== null || !sameHost) {
    const token = await saveHandoff(ctx.db.knex, ctx.config, { realmId: user.realm_id, userId: user.id, next: intent.next });
    if (intent.desktopFlowOtp !== null) return { page: desktopFlowPage(desktopFlowData(token, intent.desktopFlowOtp), realmUrl) };
    return { redirect: `${realmUrl}${HANDOFF_PATH}/${token}` };
  }
  await startWebSession(ctx, user, req, res);
  return { redirect: `${realmUrl}${intent.next}` };
}

/** GET /accounts/login/subdomain/<token> on the realm's host: the session, and where to land. */
export async function takeExternalLoginHandoff(
  ctx: SettingsContext,
  realmId: number | null,
  token: string,
  req: Request,
  res: Response,
): Promise<string> {
  const handoff = await takeHandoff(ctx.db.knex, ctx.config, token, realmId);
  const user = await userRowById(ctx.db.knex, handoff.userId);
  if (!user?.is_active) throw refused('Your account has been disabled.', 'user disable');
  await startWebSession(ctx, user, req, res);
  return `${await realmUrlOfUser(ctx, user)}${handoff.next}`;
}
