/**
 * The caller's avatar (Zulip 2.1's set_avatar_backend and delete_avatar_backend, with
 * do_change_avatar_fields): an upload kept as two squares under the realm, or back to Gravatar.
 *
 * An upload is decoded and resized before any transaction starts (it may take a while, and holds
 * no row meanwhile); its files are written under the next version's keys while the user's row is
 * locked, so the committed row always points at whole files: a failed change removes what it
 * wrote, and a committed one removes the previous version's files.
 */
import { MAX_AVATAR_FILE_MB } from '@chat/contracts';
import { AVATAR_SIZES, avatarUrl, userAvatarKeys, writeNotices, type Executor, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice, type UserEventNotice } from '@chat/events';
import type { SettingsContext } from '../deps';
import { exactlyOneFile, readUploadForm, withinLimit, type ImageUpload } from '../lib/image-uploads';
import { loadActor } from '../queries/actor';
import { activeUserIds, botOwnerUserIds } from '../queries/audiences';
import { realmProperties } from '../queries/realm';

/** Zulip's check for an avatar change: the realm may keep it to administrators. */
async function checkAvatarChange(db: Executor, realmId: number, userId: number): Promise<void> {
  const actor = await loadActor(db, realmId, userId);
  const realm = await realmProperties(db, realmId);
  if (realm.avatar_changes_disabled === true && actor.role !== 'admin')
    throw badRequest('Avatar changes are disabled in this organization.');
}

/** The user's row, locked for the change. */
async function lockUser(trx: Executor, userId: number): Promise<UserRow> {
  return (await trx<UserRow>('users').where({ id: userId }).forUpdate().first())!;
}

/** Sets the avatar fields and tells the realm (and a bot's owners): the realm_user / realm_bot update events. */
async function changeAvatarFields(trx: Executor, realmId: number, user: UserRow, source: 'G' | 'U'): Promise<UserRow> {
  const [updated] = (await trx('users')
    .where({ id: user.id })
    .update({ avatar_source: source, avatar_version: user.avatar_version + 1 })
    .returning('*')) as [UserRow];
  const person = {
    user_id: updated.id,
    email: updated.email,
    avatar_source: source,
    avatar_url: avatarUrl(updated),
    avatar_url_medium: avatarUrl(updated, true),
  };
  const notices: UserEventNotice[] = [];
  if (updated.is_bot) {
    const bot = { email: updated.email, user_id: updated.id, avatar_url: avatarUrl(updated) };
    notices.push(userEventNotice(realmId, { type: 'realm_bot', op: 'update', bot }, await botOwnerUserIds(trx, updated)));
  }
  notices.push(userEventNotice(realmId, { type: 'realm_user', op: 'update', person }, await activeUserIds(trx, realmId)));
  await writeNotices(trx, notices);
  return updated;
}

/** Removes an uploaded avatar's files once no committed row points at them; a leftover is only logged. */
async function removeAvatarFiles(ctx: SettingsContext, user: UserRow): Promise<void> {
  if (user.avatar_source !== 'U') return;
  for (const key of userAvatarKeys(user)) {
    await ctx.files.delete(key).catch((err: unknown) => ctx.logger.warn({ err, key }, 'could not remove an old avatar file'));
  }
}

/** POST /users/me/avatar. */
export async function doUploadOwnAvatar(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  upload: ImageUpload,
): Promise<Record<string, unknown>> {
  const { files } = await readUploadForm(upload, MAX_AVATAR_FILE_MB);
  const given = exactlyOneFile(files, 'avatar');
  await checkAvatarChange(ctx.db.knex, realmId, userId);
  const file = withinLimit(given, MAX_AVATAR_FILE_MB);
  const squares = await ctx.images.squarePngs(file.data, [AVATAR_SIZES.small, AVATAR_SIZES.medium]);
  const written: string[] = [];
  let change: { before: UserRow; after: UserRow };
  try {
    change = await ctx.db.knex.transaction(async (trx) => {
      await checkAvatarChange(trx, realmId, userId);
      const before = await lockUser(trx, userId);
      const keys = userAvatarKeys({ ...before, avatar_version: before.avatar_version + 1 });
      for (const [i, key] of keys.entries()) {
        written.push(key);
        await ctx.files.put(key, squares[i]!);
      }
      return { before, after: await changeAvatarFields(trx, realmId, before, 'U') };
    });
  } catch (err) {
    for (const key of written) await ctx.files.delete(key).catch(() => undefined);
    throw err;
  }
  await removeAvatarFiles(ctx, change.before);
  return { avatar_url: avatarUrl(change.after) };
}

/** DELETE /users/me/avatar: back to Gravatar, told to the realm (and to a bot's owners). */
export async function doDeleteOwnAvatar(ctx: SettingsContext, realmId: number, userId: number): Promise<Record<string, unknown>> {
  const { before, after } = await ctx.db.knex.transaction(async (trx) => {
    await checkAvatarChange(trx, realmId, userId);
    const before = await lockUser(trx, userId);
    return { before, after: await changeAvatarFields(trx, realmId, before, 'G') };
  });
  await removeAvatarFiles(ctx, before);
  return { avatar_url: avatarUrl(after), avatar_url_medium: avatarUrl(after, true) };
}
