/** Custom emoji (Zulip 2.1's zerver/views/realm_emoji.py and realm.get_emoji()). */
import { extname } from 'node:path';
import { isStorableText, writeNotices, type Executor } from '@chat/db';
import { emojiPath, realmEmojiDict } from '@chat/views';
import { ApiError, badRequest, plainError } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import type { SettingsContext } from '../app';
import { activeUserIds, loadActor, requireMemberOrAdmin } from './common';
import type { UploadedFile } from '@chat/http';
import { MAX_EMOJI_FILE_MB } from '@chat/contracts';

export { emojiPath, MAX_EMOJI_FILE_MB, realmEmojiDict };

/** Zulip's check_valid_emoji_name. */
function checkEmojiName(name: string): void {
  if (!name) throw badRequest('Emoji name is missing');
  if (!/^[0-9a-z.\-_]+$/.test(name) || /[.\-_]$/.test(name)) throw badRequest('Invalid characters in emoji name');
}

function addEmojiByAdminsOnly(settings: Record<string, unknown> | null | undefined): boolean {
  return settings?.add_emoji_by_admins_only === true;
}

/** Image types browsers and Zulip's clients display, recognised by their first bytes. */
function imageExtension(data: Buffer): string | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return '.png';
  if (data.subarray(0, 6).toString('latin1') === 'GIF87a' || data.subarray(0, 6).toString('latin1') === 'GIF89a') return '.gif';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return '.jpg';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return '.webp';
  return null;
}

async function emitEmojiUpdate(trx: Executor, realmId: number): Promise<void> {
  await writeNotices(trx, [
    userEventNotice(realmId, { type: 'realm_emoji', op: 'update', realm_emoji: await realmEmojiDict(trx, realmId) }, await activeUserIds(trx, realmId)),
  ]);
}

/**
 * POST /realm/emoji/{emoji_name}. The file is written before the row commits, under a name the
 * row's id decides; if the transaction fails the orphan file is removed again.
 */
export async function uploadEmoji(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  rawName: string,
  files: UploadedFile[],
): Promise<Record<string, unknown>> {
  const name = rawName.trim().replace(/ /g, '_');
  checkEmojiName(name);
  const db = ctx.db.knex;
  const actor = await loadActor(db, realmId, actorId);
  requireMemberOrAdmin(actor);
  const realm = await db('realms').where({ id: realmId }).first('settings');
  if (addEmojiByAdminsOnly(realm?.settings) && actor.role !== 'admin') {
    throw new ApiError('Must be an organization administrator', { code: 'UNAUTHORIZED_PRINCIPAL' });
  }
  if (await db('realm_emoji').where({ realm_id: realmId, name, deactivated: false }).first('id')) {
    throw plainError('A custom emoji with this name already exists.');
  }
  if (files.length !== 1) throw plainError('You must upload exactly one file.');
  const file = files[0]!;
  if (file.truncated || file.data.length > MAX_EMOJI_FILE_MB * 1024 * 1024) {
    throw plainError(`Uploaded file is larger than the allowed limit of ${MAX_EMOJI_FILE_MB} MB`);
  }
  const detected = imageExtension(file.data);
  if (!detected) throw new ApiError('Could not decode image; did you upload an image file?', { code: 'BAD_IMAGE' });
  const given = extname(file.filename).toLowerCase();
  const ext = ['.png', '.gif', '.jpg', '.jpeg', '.webp'].includes(given) ? given : detected;

  let written: string | undefined;
  try {
    await db.transaction(async (trx) => {
      if (await trx('realm_emoji').where({ realm_id: realmId, name, deactivated: false }).first('id')) {
        throw plainError('A custom emoji with this name already exists.');
      }
      const [row] = await trx('realm_emoji').insert({ realm_id: realmId, name, author_id: actor.id }).returning('id');
      const id = (row as { id: number }).id;
      const fileName = `${id}${ext}`;
      written = emojiPath(realmId, fileName);
      await ctx.files.put(written, file.data);
      await trx('realm_emoji').where({ id }).update({ file_name: fileName });
      await emitEmojiUpdate(trx, realmId);
    });
  } catch (err) {
    if (written) await ctx.files.remove(written).catch(() => undefined);
    if (typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505') {
      throw plainError('A custom emoji with this name already exists.');
    }
    throw err;
  }
  return {};
}

/**
 * DELETE /realm/emoji/{emoji_name}: deactivation (messages that used it keep rendering). Admins,
 * or the emoji's author when the realm lets members add emoji.
 */
export async function deleteEmoji(ctx: SettingsContext, realmId: number, actorId: number, name: string): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    const actor = await loadActor(trx, realmId, actorId);
    requireMemberOrAdmin(actor);
    const emoji = isStorableText(name) ? await trx('realm_emoji').where({ realm_id: realmId, name, deactivated: false }).forUpdate().first() : undefined;
    if (!emoji) throw badRequest(`Emoji '${name}' does not exist`);
    if (actor.role !== 'admin') {
      const realm = await trx('realms').where({ id: realmId }).first('settings');
      if (addEmojiByAdminsOnly(realm?.settings)) {
        throw new ApiError('Must be an organization administrator', { code: 'UNAUTHORIZED_PRINCIPAL' });
      }
      if (emoji.author_id !== actor.id) throw badRequest('Must be an organization administrator or emoji author');
    }
    await trx('realm_emoji').where({ id: emoji.id }).update({ deactivated: true });
    await emitEmojiUpdate(trx, realmId);
  });
  return {};
}
