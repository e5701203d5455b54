/**
 * Uploaded files as Zulip shows them (its Attachment): the dicts of GET /attachments and the
 * `attachment` event, the realm's upload space, and who may read a file (validate_attachment_request):
 * its owner and whoever can read a message that links it.
 */
import type { Knex } from 'knex';
import { anyOf, getStreamById, isRowId, isStorableText, type Executor, type UserRow } from '@chat/db';
import { canAccessStreamHistory } from './access';

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

export async function attachmentDicts(db: Executor, rows: AttachmentRow[]): Promise<AttachmentDict[]> {
  if (rows.length === 0) return [];
  const links: { attachment_id: number; id: number; date_sent: Date | string }[] = await db('attachment_messages as am')
    .join('messages as m', 'm.id', 'am.message_id')
    .whereRaw(
      ...anyOf(
        'am.attachment_id',
        rows.map((r) => r.id),
      ),
    )
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
export async function uploadSpaceUsed(db: Executor, realmId: number): Promise<number> {
  const row = (await db('attachments').where({ realm_id: realmId }).sum({ total: 'size' }).first()) as
    { total: number | string | null } | undefined;
  return Number(row?.total ?? 0);
}

/** The realm's attachments with these path ids, in id order (those a message's content links). */
export async function realmAttachmentsByPathIds(db: Executor, realmId: number, pathIds: string[]): Promise<AttachmentRow[]> {
  return db<AttachmentRow>('attachments')
    .whereRaw(...anyOf('path_id', pathIds))
    .andWhere({ realm_id: realmId })
    .orderBy('id');
}

/** The owner's attachment `id`, locked for its deletion; undefined when they own no such one. */
export async function ownAttachmentForUpdate(
  trx: Knex.Transaction,
  ownerId: number,
  attachmentId: number,
): Promise<AttachmentRow | undefined> {
  if (!isRowId(attachmentId)) return undefined;
  return trx<AttachmentRow>('attachments').where({ id: attachmentId, owner_id: ownerId }).forUpdate().first();
}

/** Whether `user` may read the attachment (validate_attachment_request). */
export async function canReadAttachment(db: Executor, user: UserRow, attachment: AttachmentRow): Promise<boolean> {
  if (attachment.owner_id === user.id) return true;
  const messages: { id: number; stream_id: number | null; realm_id: number }[] = await db('attachment_messages as am')
    .join('messages as m', 'm.id', 'am.message_id')
    .where('am.attachment_id', attachment.id)
    .select('m.id', 'm.stream_id', 'm.realm_id');
  const ids = messages.map((m) => m.id);
  if (ids.length === 0) return false;
  if (
    await db('user_messages')
      .where({ user_id: user.id })
      .whereRaw(...anyOf('message_id', ids))
      .first('message_id')
  )
    return true;
  const streamIds = new Set(messages.filter((m) => m.stream_id !== null && m.realm_id === user.realm_id).map((m) => m.stream_id!));
  for (const streamId of streamIds) {
    // An archived stream's files stay readable with its messages.
    const stream = await getStreamById(db, user.realm_id, streamId, { includeArchived: true });
    if (stream && (await canAccessStreamHistory(db, user, stream))) return true;
  }
  return false;
}

export type AttachmentAccess = { ok: true; attachment: AttachmentRow } | { ok: false; status: 403 | 404 };

/**
 * Whether `user` may read the file at `pathId` (Zulip's validate_attachment_request): 404 when
 * their realm has no such file, 403 when it is not theirs to read.
 */
export async function readableAttachment(db: Knex, user: UserRow, pathId: string): Promise<AttachmentAccess> {
  const attachment = isStorableText(pathId) ? await db<AttachmentRow>('attachments').where({ path_id: pathId }).first() : undefined;
  if (!attachment || attachment.realm_id !== user.realm_id) return { ok: false, status: 404 };
  if (!(await canReadAttachment(db, user, attachment))) return { ok: false, status: 403 };
  return { ok: true, attachment };
}

/** GET /attachments. */
export async function listAttachments(db: Knex, user: UserRow): Promise<{ attachments: AttachmentDict[]; upload_space_used: number }> {
  const rows = await db<AttachmentRow>('attachments').where({ owner_id: user.id }).orderBy('id');
  return { attachments: await attachmentDicts(db, rows), upload_space_used: await uploadSpaceUsed(db, user.realm_id) };
}
