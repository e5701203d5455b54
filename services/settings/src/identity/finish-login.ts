/**
 * The end of every external login, whichever backend vouched: the apps get their `zulip://login`
 * redirect with the API key encrypted by their pad; a browser gets a session and lands on `next`.
 */
import type { Request, Response } from 'express';
import { realmUrlOf, type UserRow } from '@chat/db';
import { ApiError } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { startWebSession } from '../actions/web-sessions';
import { appLoginUrl } from './app-flows';
import type { LoginIntent } from './external-identity';

/** Where the browser goes next (a Location), once the user is known. */
export async function finishExternalLogin(
  ctx: SettingsContext,
  user: UserRow,
  intent: LoginIntent,
  req: Request,
  res: Response,
): Promise<string> {
  const realmUrl = await realmUrlOf(ctx.db.knex, ctx.config.externalHost, { id: user.realm_id, string_id: await realmStringId(ctx, user) });
  const otp = intent.mobileFlowOtp ?? intent.desktopFlowOtp;
  if (otp !== null) return appLoginUrl(user, realmUrl, ctx.cipher.decrypt(user.api_key_enc), otp);
  // The session cookie is the callback host's: a realm on another host (a subdomain) cannot get
  // it from here, so its people log in through the apps or the password form for now.
  if (new URL(realmUrl).hostname !== hostnameOf(req)) {
    throw new ApiError('This organization is on another host: log in there with its password form or the apps.', { status: 403 });
  }
  await startWebSession(ctx, user, req, res);
  return `${realmUrl}${intent.next}`;
}

async function realmStringId(ctx: SettingsContext, user: UserRow): Promise<string> {
  const row: { string_id: string } | undefined = await ctx.db.knex('realms').where({ id: user.realm_id }).first('string_id');
  return row?.string_id ?? '';
}

function hostnameOf(req: Request): string {
  try {
    return new URL(`http://${req.headers.host ?? ''}`).hostname;
  } catch {
    return '';
  }
}
