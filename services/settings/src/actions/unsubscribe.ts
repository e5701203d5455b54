/**
 * One-click unsubscribe: the signed token names the user; the mail kind's setting goes off through
 * the same operation as the settings page, so their clients hear of it (a user_settings event).
 */
import { acceptedInternalSecrets } from '@chat/config';
import { badRequest } from '@chat/errors';
import { checkUnsubscribeToken } from '@chat/mail';
import type { SettingsContext } from '../deps';
import { doUpdatePersonalSettings } from './user-settings';

/** The user an unsubscribe link is for; a tampered or foreign token is a 400. */
export async function unsubscribeLinkUser(
  ctx: SettingsContext,
  emailType: string,
  token: string,
): Promise<{ id: number; realm_id: number }> {
  const userId = checkUnsubscribeToken(acceptedInternalSecrets(ctx.config), emailType, token);
  const user: { id: number; realm_id: number } | undefined =
    userId === null ? undefined : await ctx.db.knex('users').where({ id: userId, is_active: true }).first('id', 'realm_id');
  if (!user) throw badRequest('This unsubscribe link is not valid.');
  return user;
}

export async function doUnsubscribe(ctx: SettingsContext, emailType: string, token: string): Promise<void> {
  const user = await unsubscribeLinkUser(ctx, emailType, token);
  await doUpdatePersonalSettings(ctx, user.realm_id, user.id, { enable_digest_emails: false });
}
