/**
 * Uploaded files (Zulip's Attachment): POST /user_uploads stores one file and records who owns
 * it; a message whose content links `/user_uploads/<path_id>` claims it (do_claim_attachments);
 * the file is served to its owner and to whoever can read a message that links it
 * (validate_attachment_request); GET and DELETE /attachments list and remove one's own. Each
 * change tells the owner with an `attachment` event (notify_attachment_update).
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { anyOf, getStreamById, isRowId, isStorableText, writeNotices, type Executor, type UserRow } from '@chat/db';
import { badRequest, plainError } from '@chat/errors';
import { userEventNotice, type EventOf } from '@chat/events';
import type { FileStore, StoredFile } from '@chat/storage';
import { canAccessStreamHistory } from './access';
import type { UploadedFile } from '@chat/http';

export interface AttachmentRow {
  id: number;
  realm_id: number;
  owner_id: number;
  path_id: string;
  file_name: string;
  size: number | string;
  create_time: Date | string;
}

export interface AttachmentDict {
  id: number;
  name: string;
  path_id: string;
  size: number;
  create_time: number;
  messages: { id: number; name: number }[];
}

const millis = (date: Date | string) => new Date(date).getTime();

/**
 * Zulip's sanitize_name: compatibility-normalized, only word characters, spaces, dots and
 * dashes kept, runs of spaces and dashes made one dash.
 */
export function sanitizeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_\s.-]/gu, '')
    .trim()
    .replace(/[-\s]+/g, '-');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'uploaded-file' : cleaned;
}

/** The path ids a message's content links (relative or on this server), without duplicates. */
export function linkedPathIds(content: string): string[] {
  const ids = new Set<string>();
  // Trailing punctuation ends a sentence, not the link.
  for (const match of content.matchAll(/\/user_uploads\/(\d+\/[^\s()<>[\]"'`]+)/g)) ids.add(match[1]!.replace(/[.,;:!?]+$/, ''));
  return [...ids];
}

async function attachmentDicts(db: Executor, rows: AttachmentRow[]): Promise<AttachmentDict[]> {
  if (rows.length === 0) return [];
  const links: { attachment_id: number; id: number; date_sent: Date | string }[] = await db('attachment_messages as am')
    .join('messages as m', 'm.id', 'am.message_id')
    .whereRaw(...anyOf('am.attachment_id', rows.map((r) => r.id)))
    .orderBy('m.id')
    .select('am.attachment_id', 'm.id', 'm.date_sent');
  return rows.map((row) => ({
    id: row.id,
    name: row.file_name,
    path_id: row.path_id,
    size: Number(row.size),
    create_time: millis(row.create_time),
    messages: links.filter((l) => l.attachment_id === row.id).map((l) => ({ id: l.id, name: millis(l.date_sent) })),
  }));
}

/** Bytes of every file the realm's users uploaded (currently_used_upload_space_bytes). */
async function uploadSpaceUsed(db: Executor, realmId: number): Promise<number> {
  const row = (await db('attachments').where({ realm_id: realmId }).sum({ total: 'size' }).first()) as { total: number | string | null } | undefined;
  return Number(row?.total ?? 0);
}

/** What changed: an upload or a claim carries the whole dict, a removal only the id. */
type AttachmentChange = { op: 'add' | 'update'; attachment: AttachmentDict } | { op: 'remove'; attachment: { id: number } };

async function notifyAttachment(trx: Executor, realmId: number, ownerId: number, change: AttachmentChange) {
  const event: EventOf<'attachment'> = { type: 'attachment', ...change, upload_space_used: await uploadSpaceUsed(trx, realmId) };
  await writeNotices(trx, [userEventNotice(realmId, event, [ownerId])]);
}

/** POST /user_uploads: stores the one file and returns its URI. */
export async function doUploadFile(
  db: Knex,
  files: FileStore,
  user: UserRow,
  uploaded: UploadedFile[],
  maxSizeMb: number,
): Promise<{ uri: string; url: string }> {
  if (uploaded.length === 0) throw plainError('You must specify a file to upload');
  if (uploaded.length > 1) throw plainError('You may only upload one file at a time');
  const file = uploaded[0]!;
  if (file.truncated || file.data.length > maxSizeMb * 1024 * 1024) {
    throw plainError(`Uploaded file is larger than the allowed limit of ${maxSizeMb} MB`);
  }
  const pathId = [user.realm_id, randomInt(256).toString(16), randomBytes(18).toString('base64url'), sanitizeFileName(file.filename)].join('/');
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
      await notifyAttachment(trx, user.realm_id, user.id, { op: 'add', attachment: dict! });
    });
  } catch (err) {
    await files.delete(pathId).catch(() => undefined);
    throw err;
  }
  // url is uri's name from feature level 272; clients read either.
  const url = `/user_uploads/${pathId}`;
  return { uri: url, url };
}

/** Whether `user` may read the attachment: undefined when there is none (validate_attachment_request). */
export async function canReadAttachment(db: Executor, user: UserRow, attachment: AttachmentRow): Promise<boolean> {
  if (attachment.owner_id === user.id) return true;
  const messages: { id: number; stream_id: number | null; realm_id: number }[] = await db('attachment_messages as am')
    .join('messages as m', 'm.id', 'am.message_id')
    .where('am.attachment_id', attachment.id)
    .select('m.id', 'm.stream_id', 'm.realm_id');
  const ids = messages.map((m) => m.id);
  if (ids.length === 0) return false;
  if (await db('user_messages').where({ user_id: user.id }).whereRaw(...anyOf('message_id', ids)).first('message_id')) return true;
  const streamIds = new Set(messages.filter((m) => m.stream_id !== null && m.realm_id === user.realm_id).map((m) => m.stream_id!));
  for (const streamId of streamIds) {
    const stream = await getStreamById(db, user.realm_id, streamId);
    if (stream && (await canAccessStreamHistory(db, user, stream))) return true;
  }
  return false;
}

export type FileAccess = { ok: true; file: StoredFile; fileName: string } | { ok: false; status: 403 | 404 };

/** GET /user_uploads/<realm_id>/<path>: the file if `user` may read it. */
export async function accessUploadedFile(db: Knex, files: FileStore, user: UserRow, pathId: string): Promise<FileAccess> {
  const attachment = isStorableText(pathId) ? await db<AttachmentRow>('attachments').where({ path_id: pathId }).first() : undefined;
  if (!attachment || attachment.realm_id !== user.realm_id) return { ok: false, status: 404 };
  if (!(await canReadAttachment(db, user, attachment))) return { ok: false, status: 403 };
  const file = await files.get(attachment.path_id);
  if (!file) return { ok: false, status: 404 };
  return { ok: true, file, fileName: attachment.file_name };
}

/** GET /attachments. */
export async function listAttachments(db: Knex, user: UserRow): Promise<{ attachments: AttachmentDict[]; upload_space_used: number }> {
  const rows = await db<AttachmentRow>('attachments').where({ owner_id: user.id }).orderBy('id');
  return { attachments: await attachmentDicts(db, rows), upload_space_used: await uploadSpaceUsed(db, user.realm_id) };
}

/** DELETE /attachments/{id}: the owner only; the file goes with it. */
export async function doDeleteAttachment(db: Knex, files: FileStore, user: UserRow, attachmentId: number): Promise<void> {
  const pathId = await db.transaction(async (trx) => {
    const row = isRowId(attachmentId) ? await trx<AttachmentRow>('attachments').where({ id: attachmentId, owner_id: user.id }).forUpdate().first() : undefined;
    if (!row) throw badRequest('Invalid attachment');
    await trx('attachments').where({ id: row.id }).delete();
    await notifyAttachment(trx, user.realm_id, user.id, { op: 'remove', attachment: { id: row.id } });
    return row.path_id;
  });
  await files.delete(pathId);
}

/**
 * Links the attachments a message's content newly references to it and drops the ones it no
 * longer does (do_claim_attachments, check_attachment_reference_change). Only attachments the
 * sender may read are claimed; each claimed one's owner gets an `update` event. Runs inside the
 * send or edit transaction.
 */
export async function claimAttachments(trx: Knex.Transaction, sender: UserRow, messageId: number, content: string, previousContent?: string): Promise<void> {
  const now = linkedPathIds(content);
  const before = previousContent === undefined ? [] : linkedPathIds(previousContent);
  const dropped = before.filter((id) => !now.includes(id));
  if (dropped.length > 0) {
    await trx('attachment_messages')
      .where({ message_id: messageId })
      .whereIn('attachment_id', trx('attachments').whereRaw(...anyOf('path_id', dropped)).select('id'))
      .delete();
  }
  const added = now.filter((id) => !before.includes(id));
  if (added.length === 0) return;
  const rows = await trx<AttachmentRow>('attachments').whereRaw(...anyOf('path_id', added)).andWhere({ realm_id: sender.realm_id }).orderBy('id');
  for (const row of rows) {
    if (!(await canReadAttachment(trx, sender, row))) continue;
    await trx('attachment_messages').insert({ attachment_id: row.id, message_id: messageId }).onConflict(['attachment_id', 'message_id']).ignore();
    const [dict] = await attachmentDicts(trx, [row]);
    await notifyAttachment(trx, sender.realm_id, row.owner_id, { op: 'update', attachment: dict! });
  }
}
