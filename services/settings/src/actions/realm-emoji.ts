/** Adding and removing custom emoji (Zulip 2.1's zerver/views/realm_emoji.py and its do_* actions). */
import { MAX_EMOJI_FILE_MB } from '@chat/contracts';
import { isStorableText, writeNotices, type Executor, type UserRow } from '@chat/db';
import { ApiError, badRequest, plainError } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import { parseMultipart, type UploadedFile } from '@chat/http';
import { RASTER_FILE_TYPES, type ProcessedEmoji } from '@chat/images';
import { EMOJI_SIZE, emojiPath, emojiStillPath, realmEmojiDict } from '@chat/views';
import type { SettingsContext } from '../deps';
import { requireMemberOrAdmin } from '../lib/permissions';
import { isUniqueViolation } from '../lib/unique-violation';
import { loadActor } from '../queries/actor';
import { activeUserIds } from '../queries/audiences';
import { realmSettings } from '../queries/realm';
import { isEmojiNameTaken, lockActiveEmoji } from '../queries/realm-emoji';

const MAX_FILE_BYTES = MAX_EMOJI_FILE_MB * 1024 * 1024;

/** Zulip's check_valid_emoji_name. */
function checkEmojiName(name: string): void {
  if (!name) throw badRequest('Emoji name is missing');
  if (!/^[0-9a-z.\-_]+$/.test(name) || /[.\-_]$/.test(name)) throw badRequest('Invalid characters in emoji name');
}

function addEmojiByAdminsOnly(settings: Record<string, unknown> | null | undefined): boolean {
  return settings?.add_emoji_by_admins_only === true;
}

const adminsOnly = () => new ApiError('Must be an organization administrator', { code: 'UNAUTHORIZED_PRINCIPAL' });
const nameTaken = () => plainError('A custom emoji with this name already exists.');

/** The realm_emoji update event: the realm's whole emoji dict, to every active user. */
async function notifyRealmEmoji(trx: Executor, realmId: number): Promise<void> {
  await writeNotices(trx, [
    userEventNotice(
      realmId,
      { type: 'realm_emoji', op: 'update', realm_emoji: await realmEmojiDict(trx, realmId) },
      await activeUserIds(trx, realmId),
    ),
  ]);
}

/** The request's body as it arrived: a multipart form holding the image. */
export interface EmojiUpload {
  contentType: string | undefined;
  body: Buffer | undefined;
}

/** What an upload stores: the emoji's name and its image, resized (with a still of an animated one). */
interface CheckedEmoji {
  actor: UserRow;
  name: string;
  image: ProcessedEmoji;
}

/** upload_emoji's checks, in its order: the name, who may add, the name free, one image within the limit. */
async function checkUploadEmoji(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  rawName: string,
  files: UploadedFile[],
): Promise<CheckedEmoji> {
  const name = rawName.trim().replace(/ /g, '_');
  checkEmojiName(name);
  const db = ctx.db.knex;
  const actor = await loadActor(db, realmId, actorId);
  requireMemberOrAdmin(actor);
  if (addEmojiByAdminsOnly(await realmSettings(db, realmId)) && actor.role !== 'admin') throw adminsOnly();
  if (await isEmojiNameTaken(db, realmId, name)) throw nameTaken();
  if (files.length !== 1) throw plainError('You must upload exactly one file.');
  const file = files[0]!;
  if (file.truncated || file.data.length > MAX_FILE_BYTES) {
    throw plainError(`Uploaded file is larger than the allowed limit of ${MAX_EMOJI_FILE_MB} MB`);
  }
  return { actor, name, image: await ctx.images.emoji(file.data, EMOJI_SIZE) };
}

/**
 * POST /realm/emoji/{emoji_name} (do_add_realm_emoji). The image is resized to EMOJI_SIZE before
 * the transaction (an animated one stays animated and gets a still PNG beside it). The files are
 * written before the row commits, under names the row's id decides; if the transaction fails the
 * orphan files are removed again.
 */
export async function doUploadEmoji(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  rawName: string,
  upload: EmojiUpload,
): Promise<Record<string, unknown>> {
  const { files } = await parseMultipart(upload.contentType, upload.body ?? Buffer.alloc(0), MAX_FILE_BYTES);
  const { actor, name, image } = await checkUploadEmoji(ctx, realmId, actorId, rawName, files);
  const written: string[] = [];
  const put = async (key: string, data: Buffer) => {
    written.push(key);
    await ctx.files.put(key, data);
  };
  try {
    await ctx.db.knex.transaction(async (trx) => {
      if (await isEmojiNameTaken(trx, realmId, name)) throw nameTaken();
      const [row] = await trx('realm_emoji').insert({ realm_id: realmId, name, author_id: actor.id }).returning('id');
      const id = (row as { id: number }).id;
      const fileName = `${id}${RASTER_FILE_TYPES[image.format].ext}`;
      await put(emojiPath(realmId, fileName), image.data);
      if (image.still) await put(emojiStillPath(realmId, fileName), image.still);
      await trx('realm_emoji').where({ id }).update({ file_name: fileName, is_animated: image.animated });
      await notifyRealmEmoji(trx, realmId);
    });
  } catch (err) {
    for (const key of written) await ctx.files.delete(key).catch(() => undefined);
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return {};
}

/** Who may remove an emoji: administrators, or its author when the realm lets members add emoji. */
async function checkDeleteEmoji(trx: Executor, realmId: number, actorId: number, name: string): Promise<{ id: number }> {
  const actor = await loadActor(trx, realmId, actorId);
  requireMemberOrAdmin(actor);
  const emoji = isStorableText(name) ? await lockActiveEmoji(trx, realmId, name) : undefined;
  if (!emoji) throw badRequest(`Emoji '${name}' does not exist`);
  if (actor.role !== 'admin') {
    if (addEmojiByAdminsOnly(await realmSettings(trx, realmId))) throw adminsOnly();
    if (emoji.author_id !== actor.id) throw badRequest('Must be an organization administrator or emoji author');
  }
  return emoji;
}

/** DELETE /realm/emoji/{emoji_name} (do_remove_realm_emoji): deactivation, so messages that used it keep rendering. */
export async function doDeleteEmoji(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  name: string,
): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    const emoji = await checkDeleteEmoji(trx, realmId, actorId, name);
    await trx('realm_emoji').where({ id: emoji.id }).update({ deactivated: true });
    await notifyRealmEmoji(trx, realmId);
  });
  return {};
}
