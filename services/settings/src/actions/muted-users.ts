/**
 * Muting users (Zulip's do_mute_user / do_unmute_user, feature level 48): the list changes in
 * one transaction with its muted_users event, which carries the whole list as Zulip's does.
 * Messages a muted user sends later arrive read (the message service reads this table).
 */
import { getUserById, mutedUsersOf, writeNotices, type Executor } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import type { SettingsContext } from '../deps';
import { loadActor } from '../queries/actor';
import { isMuted } from '../queries/muted-users';

/** The muted_users event: the user's whole list, to the user. */
async function notifyMutedUsers(db: Executor, realmId: number, userId: number): Promise<void> {
  const event = { type: 'muted_users' as const, muted_users: await mutedUsersOf(db, userId) };
  await writeNotices(db, [userEventNotice(realmId, event, [userId])]);
}

/** mute_user's checks: another account of the realm, not muted yet. */
async function checkMuteUser(trx: Executor, realmId: number, userId: number, mutedUserId: number): Promise<void> {
  await loadActor(trx, realmId, userId);
  if (mutedUserId === userId) throw badRequest('Cannot mute self');
  // Deactivated users and bots can be muted, as in Zulip.
  if (!(await getUserById(trx, realmId, mutedUserId))) throw badRequest('No such user');
  if (await isMuted(trx, userId, mutedUserId)) throw badRequest('User already muted');
}

/** POST /users/me/muted_users/{muted_user_id} (do_mute_user). */
export async function doMuteUser(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  mutedUserId: number,
): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    await checkMuteUser(trx, realmId, userId, mutedUserId);
    await trx('muted_users').insert({ user_id: userId, muted_user_id: mutedUserId });
    await notifyMutedUsers(trx, realmId, userId);
  });
  return {};
}

/** DELETE /users/me/muted_users/{muted_user_id} (do_unmute_user). */
export async function doUnmuteUser(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  mutedUserId: number,
): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    await loadActor(trx, realmId, userId);
    if (!(await getUserById(trx, realmId, mutedUserId))) throw badRequest('No such user');
    const removed: { user_id: number }[] = await trx('muted_users')
      .where({ user_id: userId, muted_user_id: mutedUserId })
      .delete()
      .returning('user_id');
    if (removed.length === 0) throw badRequest('User is not muted');
    await notifyMutedUsers(trx, realmId, userId);
  });
  return {};
}
