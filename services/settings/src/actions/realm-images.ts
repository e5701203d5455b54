/**
 * The realm's icon and logos (Zulip 2.1's upload_icon, delete_icon_backend, upload_logo,
 * delete_logo_backend, with do_change_icon_source and do_change_logo_source). Administrators only.
 *
 * As with avatars, an upload is decoded and resized before the transaction, written under the
 * next version's key while the realm's row is locked, removed again if the change fails, and the
 * previous version's file is removed once the change has committed.
 */
import { MAX_ICON_FILE_MB, MAX_LOGO_FILE_MB } from '@chat/contracts';
import { writeNotices, type Executor, type RealmRow } from '@chat/db';
import { missingArgument } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import {
  REALM_ICON_SIZE,
  REALM_LOGO_BOX,
  realmIconData,
  realmIconUrl,
  realmImagePath,
  realmImageVersion,
  realmLogoData,
  type RealmImage,
} from '@chat/views';
import type { SettingsContext } from '../deps';
import { exactlyOneFile, readUploadForm, withinLimit, type ImageUpload } from '../lib/image-uploads';
import { requireAdmin } from '../lib/permissions';
import { loadActor } from '../queries/actor';
import { activeUserIds } from '../queries/audiences';

/** Each image's columns, and the source it returns to when removed. */
const COLUMNS: Record<RealmImage, { source: keyof RealmRow; version: keyof RealmRow; fallback: 'G' | 'D' }> = {
  icon: { source: 'icon_source', version: 'icon_version', fallback: 'G' },
  logo: { source: 'logo_source', version: 'logo_version', fallback: 'D' },
  night_logo: { source: 'night_logo_source', version: 'night_logo_version', fallback: 'D' },
};

async function checkAdmin(db: Executor, realmId: number, actorId: number): Promise<void> {
  requireAdmin(await loadActor(db, realmId, actorId));
}

/** The realm `update_dict` event of the change, to every active user (property icon, logo or night_logo). */
async function notifyImageChange(trx: Executor, realm: RealmRow, image: RealmImage): Promise<void> {
  const data = image === 'icon' ? realmIconData(realm) : realmLogoData(realm, image === 'night_logo');
  await writeNotices(trx, [
    userEventNotice(realm.id, { type: 'realm', op: 'update_dict', property: image, data }, await activeUserIds(trx, realm.id)),
  ]);
}

/**
 * Sets the image's source (its next version's file already made, for an upload), tells the realm,
 * and removes the previous version's file once that is committed. Returns the changed realm.
 */
async function changeRealmImage(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  image: RealmImage,
  png: Buffer | null,
): Promise<RealmRow> {
  const columns = COLUMNS[image];
  let written: string | undefined;
  let change: { before: RealmRow; after: RealmRow };
  try {
    change = await ctx.db.knex.transaction(async (trx) => {
      await checkAdmin(trx, realmId, actorId);
      const before = (await trx<RealmRow>('realms').where({ id: realmId }).forUpdate().first())!;
      const version = realmImageVersion(before, image).version + 1;
      if (png) {
        written = realmImagePath(realmId, image, version);
        await ctx.files.put(written, png);
      }
      const [after] = (await trx('realms')
        .where({ id: realmId })
        .update({ [columns.source]: png ? 'U' : columns.fallback, [columns.version]: version })
        .returning('*')) as [RealmRow];
      await notifyImageChange(trx, after, image);
      return { before, after };
    });
  } catch (err) {
    if (written) await ctx.files.delete(written).catch(() => undefined);
    throw err;
  }
  const previous = realmImageVersion(change.before, image);
  if (previous.source === 'U') {
    const key = realmImagePath(realmId, image, previous.version);
    await ctx.files.delete(key).catch((err: unknown) => ctx.logger.warn({ err, key }, 'could not remove an old realm image'));
  }
  return change.after;
}

/** POST /realm/icon: a square of REALM_ICON_SIZE. */
export async function doUploadRealmIcon(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  upload: ImageUpload,
): Promise<Record<string, unknown>> {
  await checkAdmin(ctx.db.knex, realmId, actorId);
  const { files } = await readUploadForm(upload, MAX_ICON_FILE_MB);
  const file = withinLimit(exactlyOneFile(files, 'icon'), MAX_ICON_FILE_MB);
  const png = await ctx.images.squarePng(file.data, REALM_ICON_SIZE);
  return { icon_url: realmIconUrl(await changeRealmImage(ctx, realmId, actorId, 'icon', png)) };
}

/** DELETE /realm/icon: back to the identicon. */
export async function doDeleteRealmIcon(ctx: SettingsContext, realmId: number, actorId: number): Promise<Record<string, unknown>> {
  return { icon_url: realmIconUrl(await changeRealmImage(ctx, realmId, actorId, 'icon', null)) };
}

/**
 * POST /realm/logo: within REALM_LOGO_BOX. `night` comes as a field of the form (as Zulip's web
 * client sends it) or in the query string (`queryNight`); it is required.
 */
export async function doUploadRealmLogo(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  upload: ImageUpload,
  parseNight: (raw: string) => boolean,
  queryNight: boolean | undefined,
): Promise<Record<string, unknown>> {
  await checkAdmin(ctx.db.knex, realmId, actorId);
  const { fields, files } = await readUploadForm(upload, MAX_LOGO_FILE_MB);
  // A repeated field: the last one wins, as for every form here.
  const field = Array.isArray(fields.night) ? fields.night.at(-1) : fields.night;
  const night = field === undefined ? queryNight : parseNight(field);
  if (night === undefined) throw missingArgument('night');
  const file = withinLimit(exactlyOneFile(files, 'logo'), MAX_LOGO_FILE_MB);
  const png = await ctx.images.boundedPng(file.data, REALM_LOGO_BOX.width, REALM_LOGO_BOX.height);
  await changeRealmImage(ctx, realmId, actorId, night ? 'night_logo' : 'logo', png);
  return {};
}

/** DELETE /realm/logo: back to the default. */
export async function doDeleteRealmLogo(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  night: boolean,
): Promise<Record<string, unknown>> {
  await changeRealmImage(ctx, realmId, actorId, night ? 'night_logo' : 'logo', null);
  return {};
}
