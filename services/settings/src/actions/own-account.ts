/**
 * Zulip 2.1's small routes on the caller's own account: POST /users/me/enter-sends (the same
 * setting PATCH /settings changes, with the same events) and DELETE /users/me/avatar
 * (do_change_avatar_fields back to Gravatar).
 */
import { avatarUrl, writeNotices, type Executor, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice, type UserEventNotice } from '@chat/events';
import type { SettingsContext } from '../deps';
import { loadActor } from '../queries/actor';
import { activeUserIds, botOwnerUserIds } from '../queries/audiences';
import { realmProperties } from '../queries/realm';
import { doUpdatePersonalSettings } from './user-settings';

/** POST /users/me/enter-sends. */
export async function doChangeEnterSends(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  enterSends: boolean,
): Promise<Record<string, unknown>> {
  await doUpdatePersonalSettings(ctx, realmId, userId, { enter_sends: enterSends });
  return {};
}

/** Gravatar's medium size, as Zulip's avatar_url(medium=True). */
const mediumAvatarUrl = (user: UserRow): string => `${avatarUrl(user)}&s=500`;

/** Zulip's check for an avatar change: the realm may keep it to administrators. */
async function checkAvatarChange(trx: Executor, realmId: number, userId: number): Promise<void> {
  const actor = await loadActor(trx, realmId, userId);
  const realm = await realmProperties(trx, realmId);
  if (realm.avatar_changes_disabled === true && actor.role !== 'admin')
    throw badRequest('Avatar changes are disabled in this organization.');
}

/** DELETE /users/me/avatar: back to Gravatar, told to the realm (and to a bot's owners). */
export async function doDeleteOwnAvatar(ctx: SettingsContext, realmId: number, userId: number): Promise<Record<string, unknown>> {
  const user = await ctx.db.knex.transaction(async (trx) => {
    await checkAvatarChange(trx, realmId, userId);
    const [updated] = (await trx('users')
      .where({ id: userId })
      .update({ avatar_source: 'G', avatar_version: trx.raw('avatar_version + 1') })
      .returning('*')) as UserRow[];
    const person = {
      user_id: userId,
      email: updated!.email,
      avatar_source: 'G',
      avatar_url: avatarUrl(updated!),
      avatar_url_medium: mediumAvatarUrl(updated!),
    };
    const notices: UserEventNotice[] = [];
    if (updated!.is_bot) {
      const bot = { email: updated!.email, user_id: userId, avatar_url: avatarUrl(updated!) };
      notices.push(userEventNotice(realmId, { type: 'realm_bot', op: 'update', bot }, await botOwnerUserIds(trx, updated!)));
    }
    notices.push(userEventNotice(realmId, { type: 'realm_user', op: 'update', person }, await activeUserIds(trx, realmId)));
    await writeNotices(trx, notices);
    return updated!;
  });
  return { avatar_url: avatarUrl(user), avatar_url_medium: mediumAvatarUrl(user) };
}
