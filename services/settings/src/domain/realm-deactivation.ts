/**
 * Deactivating a realm (Zulip 2.1's do_deactivate_realm) and the realm's images (get_icon_backend,
 * get_logo_backend). A deactivated realm's users keep their accounts, but every API key and
 * session is refused ("This organization has been deactivated"); their sessions are ended.
 */
import { anyOf, notifyAuthChange, writeNotices } from '@chat/db';
import { userEventNotice } from '@chat/events';
import { realmIconUrl } from '@chat/views';
import type { SettingsContext } from '../app';
import { activeUserIds, loadActor, requireAdmin } from './common';

export async function deactivateRealm(ctx: SettingsContext, realmId: number, actorId: number): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    requireAdmin(await loadActor(trx, realmId, actorId));
    const realm: { deactivated: boolean } = await trx('realms').where({ id: realmId }).forUpdate().first('deactivated');
    if (realm.deactivated) return;
    await trx('realms').where({ id: realmId }).update({ deactivated: true });
    const users: { id: number }[] = await trx('users').where({ realm_id: realmId }).select('id');
    const userIds = users.map((u) => u.id);
    if (userIds.length) await trx('sessions').whereRaw(...anyOf('user_id', userIds)).delete();
    // Every process that caches an authentication drops this realm's users at commit.
    for (const id of userIds) await notifyAuthChange(trx, id);
    await writeNotices(trx, [userEventNotice(realmId, { type: 'realm', op: 'deactivated', realm_id: realmId }, await activeUserIds(trx, realmId))]);
  });
  return {};
}

/**
 * Zulip's do_reactivate_realm, for the operator (`manage reactivate-realm`): the realm's users
 * authenticate again with the keys and passwords they had. False when it was not deactivated.
 */
export async function reactivateRealm(ctx: SettingsContext, realmId: number): Promise<boolean> {
  return ctx.db.knex.transaction(async (trx) => {
    const changed = await trx('realms').where({ id: realmId, deactivated: true }).update({ deactivated: false });
    if (changed === 0) return false;
    // Cached entries carry the realm row: every process reloads this realm's users.
    const users: { id: number }[] = await trx('users').where({ realm_id: realmId }).select('id');
    for (const { id } of users) await notifyAuthChange(trx, id);
    return true;
  });
}

/** Zulip's add_query_arg_to_redirect_url: the request's query string rides along. */
function withQuery(url: string, query: string): string {
  return query ? `${url}&${query}` : url;
}

export async function realmIconRedirect(ctx: SettingsContext, realmId: number, query: string): Promise<string> {
  const realm: { string_id: string } = await ctx.db.knex('realms').where({ id: realmId }).first('string_id');
  return withQuery(realmIconUrl(realm.string_id), query);
}
