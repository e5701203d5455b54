/**
 * Zulip's message retention policy (zerver/lib/retention.py): a realm whose
 * message_retention_days is set has its messages older than that moved to the archive tables
 * (migration 0901) with their per-user rows, reactions, submessages and attachment links; a later
 * clean step deletes archives older than the grace period. null or -1 keeps messages forever.
 *
 * Each batch is one transaction under one archive transaction row, so a batch is either archived
 * and deleted whole or not at all, and a job that dies mid-way resumes with the next batch.
 */
import { anyOf } from '@chat/db';
import type { Knex } from 'knex';
import { realmsWithSettings } from '../queries/realm-policy';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Messages per transaction (Zulip's MESSAGE_BATCH_SIZE). */
export const RETENTION_BATCH = 1000;

/** The realm's retention in days, or null for forever (null, -1, or anything not positive). */
export function retentionDays(settings: Record<string, unknown>): number | null {
  const days = settings.message_retention_days;
  return typeof days === 'number' && Number.isInteger(days) && days > 0 ? days : null;
}

/** Archives every realm's expired messages; resolves to how many were archived per realm id. */
export async function archiveExpiredMessages(knex: Knex, now = new Date(), batch = RETENTION_BATCH): Promise<Map<number, number>> {
  const realms = await realmsWithSettings(knex);
  const archived = new Map<number, number>();
  for (const realm of realms) {
    const days = retentionDays(realm.settings ?? {});
    if (days === null) continue;
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    let count = 0;
    for (;;) {
      const moved = await archiveBatch(knex, realm.id, cutoff, batch);
      count += moved;
      if (moved < batch) break;
    }
    if (count > 0) archived.set(realm.id, count);
    await deleteArchivedAttachments(knex, realm.id);
  }
  return archived;
}

/** Deletes archives older than `graceDays` (ARCHIVED_DATA_VACUUMING_DELAY_DAYS); resolves to how many batches. */
export async function cleanArchivedData(knex: Knex, graceDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - graceDays * DAY_MS);
  // Counted from RETURNING: knex-pglite does not report affected rows as pg does.
  const deleted: unknown[] = await knex('archive_transactions').where('created_at', '<', cutoff).delete().returning('id');
  // Attachment copies are shared by archived messages; one left without any goes too.
  await knex('archived_attachments')
    .whereNotExists(knex('archived_attachment_messages').whereRaw('archived_attachment_messages.attachment_id = archived_attachments.id'))
    .delete();
  return deleted.length;
}

async function archiveBatch(knex: Knex, realmId: number, cutoff: Date, batch: number): Promise<number> {
  return knex.transaction(async (trx) => {
    const [archive] = await trx('archive_transactions').insert({ realm_id: realmId, type: 'retention' }).returning('id');
    const columns = await sharedColumns(trx, 'messages', 'archived_messages');
    const { rows } = (await trx.raw(
      `INSERT INTO archived_messages (??, archive_transaction_id)
       SELECT ??, ? FROM messages
       WHERE realm_id = ? AND date_sent < ? ORDER BY id LIMIT ?
       ON CONFLICT (id) DO UPDATE SET archive_transaction_id = EXCLUDED.archive_transaction_id
       RETURNING id`,
      [columns, columns, archive.id, realmId, cutoff, batch],
    )) as { rows: { id: number }[] };
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) {
      await trx('archive_transactions').where('id', archive.id).delete();
      return 0;
    }
    await archiveRelatedRows(trx, ids);
    // Reactions, submessages and attachment links go with their message (ON DELETE CASCADE).
    await trx('user_messages')
      .whereRaw(...anyOf('message_id', ids))
      .delete();
    await trx('messages')
      .whereRaw(...anyOf('id', ids))
      .delete();
    return ids.length;
  });
}

async function archiveRelatedRows(trx: Knex.Transaction, ids: number[]): Promise<void> {
  const children: [string, string][] = [
    ['user_messages', 'archived_user_messages'],
    ['reactions', 'archived_reactions'],
  ];
  if (await trx.schema.hasTable('submessages')) children.push(['submessages', 'archived_submessages']);
  for (const [live, archive] of children) {
    const columns = await sharedColumns(trx, live, archive);
    await trx.raw('INSERT INTO ?? (??) SELECT ?? FROM ?? WHERE message_id = ANY(?) ON CONFLICT DO NOTHING', [
      archive,
      columns,
      columns,
      live,
      ids,
    ]);
  }
  const attachmentColumns = await sharedColumns(trx, 'attachments', 'archived_attachments');
  await trx.raw(
    `INSERT INTO archived_attachments (??)
     SELECT DISTINCT ?? FROM attachments
     JOIN attachment_messages ON attachment_messages.attachment_id = attachments.id
     WHERE attachment_messages.message_id = ANY(?)
     ON CONFLICT (id) DO NOTHING`,
    [attachmentColumns, attachmentColumns.map((c) => `attachments.${c}`), ids],
  );
  await trx.raw(
    `INSERT INTO archived_attachment_messages (attachment_id, message_id)
     SELECT attachment_id, message_id FROM attachment_messages WHERE message_id = ANY(?)
     ON CONFLICT DO NOTHING`,
    [ids],
  );
}

/**
 * Attachments no live message links any more, once archived, are deleted (Zulip's
 * delete_expired_attachments); their archived copies stay until the clean step.
 */
async function deleteArchivedAttachments(knex: Knex, realmId: number): Promise<void> {
  await knex('attachments')
    .where('realm_id', realmId)
    .whereNotExists(knex('attachment_messages').whereRaw('attachment_messages.attachment_id = attachments.id'))
    .whereExists(knex('archived_attachments').whereRaw('archived_attachments.id = attachments.id'))
    .delete();
}

/**
 * The columns both tables have: a column a later migration adds to the live table is archived
 * once it is added to the archive table too, and never breaks archiving meanwhile.
 */
async function sharedColumns(trx: Knex.Transaction, live: string, archive: string): Promise<string[]> {
  const { rows } = (await trx.raw(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?
     INTERSECT
     SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?`,
    [live, archive],
  )) as { rows: { column_name: string }[] };
  return rows.map((r) => r.column_name).sort();
}
