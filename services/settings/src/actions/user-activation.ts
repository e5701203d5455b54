/** Deactivating and reactivating accounts (Zulip's do_deactivate_user, do_reactivate_user and their views). */
import { endUserSessions, getUserById, notifyAuthChange, writeNotices, type Executor, type UserRow } from '@chat/db';
import { ApiError, plainError } from '@chat/errors';
import { userEventNotice, type UserEventNotice } from '@chat/events';
import { personForAdd } from '@chat/views';
import { clearPushDevices } from '../consumers/push-devices';
import type { SettingsContext } from '../deps';
import { loadActor } from '../queries/actor';
import { activeUserIds, botOwnerUserIds } from '../queries/audiences';
import { botDictForEvent } from '../queries/bots';
import { activeBotsOwnedBy, activeUserCount, isLastAdmin } from '../queries/users';
import { checkAdminAccess } from './user-access';

/**
 * Zulip's do_deactivate_user: the account, and with a human its bots, stop authenticating at once
 * (notifyAuthChange drops every process's cached key); realm_user remove goes to the realm,
 * realm_bot remove to who manages each bot.
 */
export async function doDeactivateUser(trx: Executor, target: UserRow, cascade = true): Promise<void> {
  await trx('users').where({ id: target.id }).update({ is_active: false });
  await endUserSessions(trx, target.id);
  await notifyAuthChange(trx, target.id);
  await clearPushDevices(trx, target.id);
  const notices: UserEventNotice[] = [
    userEventNotice(
      target.realm_id,
      { type: 'realm_user', op: 'remove', person: { email: target.email, user_id: target.id, full_name: target.full_name } },
      await activeUserIds(trx, target.realm_id),
    ),
  ];
  if (target.is_bot) {
    notices.push(
      userEventNotice(
        target.realm_id,
        { type: 'realm_bot', op: 'remove', bot: { email: target.email, user_id: target.id, full_name: target.full_name } },
        await botOwnerUserIds(trx, target),
      ),
    );
  }
  await writeNotices(trx, notices);
  if (cascade && !target.is_bot) {
    // One bot after another, each with its own events, as Zulip's loop over the user's bots.
    for (const bot of await activeBotsOwnedBy(trx, target.id)) await doDeactivateUser(trx, bot, false);
  }
}

/** DELETE /users/{user_id}. */
export async function doDeactivateUserByAdmin(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  userId: number,
): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    const target = await checkAdminAccess(trx, realmId, actorId, userId);
    if (await isLastAdmin(trx, target)) throw plainError('Cannot deactivate the only organization administrator');
    await doDeactivateUser(trx, target);
  });
  return {};
}

function cannotDeactivateLast(isLastAdminUser: boolean): ApiError {
  const entity = isLastAdminUser ? 'organization administrator' : 'user';
  return new ApiError(`Cannot deactivate the only ${entity}.`, {
    code: 'CANNOT_DEACTIVATE_LAST_USER',
    extra: { is_last_admin: isLastAdminUser, entity },
  });
}

/** Zulip's deactivate_user_own_backend checks: the realm keeps a user and an administrator. */
async function checkDeactivateOwnUser(trx: Executor, realmId: number, actorId: number): Promise<UserRow> {
  const actor = await loadActor(trx, realmId, actorId);
  if ((await activeUserCount(trx, realmId)) === 1) throw cannotDeactivateLast(false);
  if (await isLastAdmin(trx, actor)) throw cannotDeactivateLast(true);
  return actor;
}

/** DELETE /users/me. */
export async function doDeactivateOwnUser(ctx: SettingsContext, realmId: number, actorId: number): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => doDeactivateUser(trx, await checkDeactivateOwnUser(trx, realmId, actorId)));
  return {};
}

/** POST /users/{user_id}/reactivate (Zulip's do_reactivate_user). */
export async function doReactivateUser(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  userId: number,
): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    const target = await checkAdminAccess(trx, realmId, actorId, userId, { allowDeactivated: true, allowBots: true });
    if (target.is_active) return;
    await trx('users').where({ id: target.id }).update({ is_active: true });
    await notifyAuthChange(trx, target.id);
    const user = { ...target, is_active: true };
    const notices = [
      userEventNotice(realmId, { type: 'realm_user', op: 'add', person: personForAdd(user) }, await activeUserIds(trx, realmId)),
    ];
    if (user.is_bot) {
      const owner = user.bot_owner_id === null ? undefined : await getUserById(trx, realmId, user.bot_owner_id);
      notices.push(
        userEventNotice(
          realmId,
          { type: 'realm_bot', op: 'add', bot: await botDictForEvent(trx, user, owner) },
          await botOwnerUserIds(trx, user),
        ),
      );
    }
    await writeNotices(trx, notices);
  });
  return {};
}
