/** Zulip's GET /avatar/<email_or_id>[/medium] (zerver/views/users.py avatar): where someone's avatar is. */
import { avatarUrl, getUserByEmail, getUserById } from '@chat/db';
import type { SettingsContext } from '../deps';
import { withQueryOf } from './realm';

/**
 * The avatar URL of the realm's user `who` names (an id, else an e-mail address), the request's
 * query string passed on; an address that is no user's gets its Gravatar, as in Zulip.
 */
export async function avatarRedirect(
  ctx: SettingsContext,
  realmId: number,
  who: string,
  medium: boolean,
  requestUrl: string,
): Promise<string> {
  const db = ctx.db.knex;
  const user = /^[0-9]+$/.test(who) ? await getUserById(db, realmId, Number(who)) : await getUserByEmail(db, realmId, who);
  const fields = user ?? { id: 0, realm_id: realmId, email: who, avatar_source: 'G', avatar_version: 1 };
  return withQueryOf(avatarUrl(fields, medium), requestUrl);
}
