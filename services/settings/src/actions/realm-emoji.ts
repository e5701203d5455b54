/** Adding and removing custom emoji (Zulip 2.1's zerver/views/realm_emoji.py and its do_* actions). */
import { extname } from 'node:path';
import { MAX_EMOJI_FILE_MB } from '@chat/contracts';
import { isStorableText, writeNotices, type Executor, type UserRow } from '@chat/db';
import { ApiError, badRequest, plainError } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import { parseMultipart, type UploadedFile } from '@chat/http';
import { emojiPath, realmEmojiDict } from '@chat/views';
import type { SettingsContext } from '../deps';
import { EMOJI_IMAGE_TYPES } from '../lib/emoji-images';
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

/** Image types browsers and Zulip's clients display, recognised by their first bytes. */
function imageExtension(data: Buffer): string | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return '.png';
  if (data.subarray(0, 6).toString('latin1') === 'GIF87a' || data.subarray(0, 6).toString('latin1') === 'GIF89a') return '.gif';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return '.jpg';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return '.webp';
  return null;
}

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

/** What an upload stores: the emoji's name, the image and the extension its file gets. */
interface CheckedEmoji {
  actor: UserRow;
  name: string;
  file: UploadedFile;
  ext: string;
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
  const detected = imageExtension(file.data);
  if (!detected) throw new ApiError('Could not decode image; did you upload an image file?', { code: 'BAD_IMAGE' });
  const given = extname(file.filename).toLowerCase();
  return { actor, name, file, ext: Object.hasOwn(EMOJI_IMAGE_TYPES, given) ? given : detected };
}

/**
 * POST /realm/emoji/{emoji_name} (do_add_realm_emoji). The file is written before the row commits,
 * under a name the row's id decides; if the transaction fails the orphan file is removed again.
 */
export async function doUploadEmoji(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  rawName: string,
  upload: EmojiUpload,
): Promise<Record<string, unknown>> {
  const { files } = await parseMultipart(upload.contentType, upload.body ?? Buffer.alloc(0), MAX_FILE_BYTES);
  const { actor, name, file, ext } = await checkUploadEmoji(ctx, realmId, actorId, rawName, files);
  let written: string | undefined;
  try {
    await ctx.db.knex.transaction(async (trx) => {
      if (await isEmojiNameTaken(trx, realmId, name)) throw nameTaken();
      const [row] = await trx('realm_emoji').insert({ realm_id: realmId, name, author_id: actor.id }).returning('id');
      const id = (row as { id: number }).id;
      const fileName = `${id}${ext}`;
      written = emojiPath(realmId, fileName);
      await ctx.files.put(written, file.data);
      await trx('realm_emoji').where({ id }).update({ file_name: fileName });
      await notifyRealmEmoji(trx, realmId);
    });
  } catch (err) {
    if (written) await ctx.files.delete(written).catch(() => undefined);
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
