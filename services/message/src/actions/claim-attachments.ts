/**
 * Links the attachments a message's content newly references to it and drops the ones it no
 * longer does (Zulip's do_claim_attachments and check_attachment_reference_change). Only
 * attachments the sender may read are claimed, all in one insert; each claimed one's owner gets
 * an `update` event. Runs inside the send or edit transaction.
 */
import type { Knex } from 'knex';
import { anyOf, writeNotices, type UserRow } from '@chat/db';
import { linkedPathIds } from '../lib/upload-paths';
import { attachmentDicts, canReadAttachment, realmAttachmentsByPathIds, type AttachmentRow } from '../queries/attachments';
import { attachmentNotices } from './attachment-notices';

async function readableBy(trx: Knex.Transaction, sender: UserRow, rows: AttachmentRow[]): Promise<AttachmentRow[]> {
  const readable: AttachmentRow[] = [];
  for (const row of rows) if (await canReadAttachment(trx, sender, row)) readable.push(row);
  return readable;
}

export async function doClaimAttachments(
  trx: Knex.Transaction,
  sender: UserRow,
  messageId: number,
  content: string,
  previousContent?: string,
): Promise<void> {
  const now = linkedPathIds(content);
  const before = previousContent === undefined ? [] : linkedPathIds(previousContent);
  const dropped = before.filter((id) => !now.includes(id));
  if (dropped.length > 0) {
    await trx('attachment_messages')
      .where({ message_id: messageId })
      .whereIn(
        'attachment_id',
        trx('attachments')
          .whereRaw(...anyOf('path_id', dropped))
          .select('id'),
      )
      .delete();
  }
  const added = now.filter((id) => !before.includes(id));
  if (added.length === 0) return;
  const claimed = await readableBy(trx, sender, await realmAttachmentsByPathIds(trx, sender.realm_id, added));
  if (claimed.length === 0) return;
  await trx('attachment_messages')
    .insert(claimed.map((row) => ({ attachment_id: row.id, message_id: messageId })))
    .onConflict(['attachment_id', 'message_id'])
    .ignore();
  const dicts = await attachmentDicts(trx, claimed);
  const changes = claimed.map((row, i) => ({ ownerId: row.owner_id, change: { op: 'update' as const, attachment: dicts[i]! } }));
  await writeNotices(trx, await attachmentNotices(trx, sender.realm_id, changes));
}
