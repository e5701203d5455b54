/**
 * Uploaded files (Zulip's Attachment): POST /user_uploads stores one file and records who owns
 * it; DELETE /attachments removes one's own. Each change tells the owner with an `attachment`
 * event (attachment-notices.ts). Reading them is queries/attachments.ts.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { writeNotices, type UserRow } from '@chat/db';
import { badRequest, plainError } from '@chat/errors';
import type { UploadedFile } from '@chat/http';
import type { FileStore } from '@chat/storage';
import { sanitizeFileName } from '../lib/upload-paths';
import { attachmentDicts, ownAttachmentForUpdate, type AttachmentRow } from '../queries/attachments';
import { attachmentNotices } from './attachment-notices';

/** POST /user_uploads takes exactly one file within the size limit. */
export function checkUploadFile(uploaded: UploadedFile[], maxSizeMb: number): UploadedFile {
  if (uploaded.length === 0) throw plainError('You must specify a file to upload');
  if (uploaded.length > 1) throw plainError('You may only upload one file at a time');
  const file = uploaded[0]!;
  if (file.truncated || file.data.length > maxSizeMb * 1024 * 1024) {
    throw plainError(`Uploaded file is larger than the allowed limit of ${maxSizeMb} MB`);
  }
  return file;
}

/** POST /user_uploads: stores the checked file and returns its URI. */
export async function doUploadFile(db: Knex, files: FileStore, user: UserRow, file: UploadedFile): Promise<{ uri: string; url: string }> {
  const pathId = [user.realm_id, randomInt(256).toString(16), randomBytes(18).toString('base64url'), sanitizeFileName(file.filename)].join(
    '/',
  );
  await files.put(pathId, file.data);
  try {
    await db.transaction(async (trx) => {
      const [row] = (await trx('attachments')
        .insert({
          realm_id: user.realm_id,
          owner_id: user.id,
          path_id: pathId,
          file_name: file.filename || sanitizeFileName(file.filename),
          size: file.data.length,
          create_time: new Date(),
        })
        .returning('*')) as AttachmentRow[];
      const [dict] = await attachmentDicts(trx, [row!]);
      await writeNotices(
        trx,
        await attachmentNotices(trx, user.realm_id, [{ ownerId: user.id, change: { op: 'add', attachment: dict! } }]),
      );
    });
  } catch (err) {
    await files.delete(pathId).catch(() => undefined);
    throw err;
  }
  // url is uri's name from feature level 272; clients read either.
  const url = `/user_uploads/${pathId}`;
  return { uri: url, url };
}

/** DELETE /attachments/{id}: the owner only; the file goes with it. */
export async function doDeleteAttachment(db: Knex, files: FileStore, user: UserRow, attachmentId: number): Promise<void> {
  const pathId = await db.transaction(async (trx) => {
    const row = await ownAttachmentForUpdate(trx, user.id, attachmentId);
    if (!row) throw badRequest('Invalid attachment');
    await trx('attachments').where({ id: row.id }).delete();
    await writeNotices(
      trx,
      await attachmentNotices(trx, user.realm_id, [{ ownerId: user.id, change: { op: 'remove', attachment: { id: row.id } } }]),
    );
    return row.path_id;
  });
  await files.delete(pathId);
}
