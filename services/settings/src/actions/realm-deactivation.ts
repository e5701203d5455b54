/**
 * Deactivating a realm (Zulip 2.1's do_deactivate_realm) and reactivating it. A deactivated
 * realm's users keep their accounts, but every API key and session is refused ("This
 * organization has been deactivated"); their sessions are ended.
 */
import { anyOf, notifyAuthChange, writeNotices, type Executor } from '@chat/db';
import { userEventNotice } from '@chat/events';
import type { SettingsContext } from '../deps';
import { requireAdmin } from '../lib/permissions';
import { loadActor } from '../queries/actor';
import { activeUserIds } from '../queries/audiences';
import { lockRealmDeactivated } from '../queries/realm';
import { realmAccountIds } from '../queries/users';

/** Every process that caches an authentication drops these users at commit. */
async function notifyAuthChanges(trx: Executor, userIds: number[]): Promise<void> {
  for (const id of userIds) await notifyAuthChange(trx, id);
}

/** POST /realm/deactivate (administrators). */
export async function doDeactivateRealm(ctx: SettingsContext, realmId: number, actorId: number): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    requireAdmin(await loadActor(trx, realmId, actorId));
    if (await lockRealmDeactivated(trx, realmId)) return;
    await trx('realms').where({ id: realmId }).update({ deactivated: true });
    const userIds = await realmAccountIds(trx, realmId);
    if (userIds.length)
      await trx('sessions')
        .whereRaw(...anyOf('user_id', userIds))
        .delete();
    await notifyAuthChanges(trx, userIds);
    await writeNotices(trx, [
      userEventNotice(realmId, { type: 'realm', op: 'deactivated', realm_id: realmId }, await activeUserIds(trx, realmId)),
    ]);
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
    await notifyAuthChanges(trx, await realmAccountIds(trx, realmId));
    return true;
  });
}
