import type { Knex } from 'knex';

/**
 * Zulip's message archive (retention policy): messages older than their realm's
 * message_retention_days move here, with their per-user rows, reactions, submessages and
 * attachment links, one archive transaction per batch. Archives are deleted after a grace period
 * (ARCHIVED_DATA_VACUUMING_DELAY_DAYS), so a mistaken policy can still be undone by an operator.
 * Owned by the message service. The copies have no foreign keys to live tables: the originals are
 * gone. Deleting an archive transaction deletes everything archived in it (cascades).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('archive_transactions', (t) => {
    t.increments('id');
    t.integer('realm_id').references('realms.id');
    // 'retention' (the daily policy job); Zulip also has 'manual'.
    t.text('type').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
  });
  await knex.raw('CREATE TABLE archived_messages (LIKE messages INCLUDING DEFAULTS)');
  await knex.raw('ALTER TABLE archived_messages ADD PRIMARY KEY (id)');
  await knex.schema.alterTable('archived_messages', (t) => {
    t.integer('archive_transaction_id').notNullable().references('archive_transactions.id').onDelete('CASCADE');
    t.index(['archive_transaction_id']);
  });
  const child = (table: string) => (t: Knex.AlterTableBuilder) => {
    t.foreign('message_id').references('archived_messages.id').onDelete('CASCADE');
    t.index(['message_id'], `${table}_message`);
  };
  await knex.raw('CREATE TABLE archived_user_messages (LIKE user_messages INCLUDING DEFAULTS)');
  await knex.raw('ALTER TABLE archived_user_messages ADD PRIMARY KEY (user_id, message_id)');
  await knex.schema.alterTable('archived_user_messages', child('archived_user_messages'));
  await knex.raw('CREATE TABLE archived_reactions (LIKE reactions INCLUDING DEFAULTS)');
  await knex.raw('ALTER TABLE archived_reactions ADD PRIMARY KEY (id)');
  await knex.schema.alterTable('archived_reactions', child('archived_reactions'));
  // Zulip's SubMessage columns; the live table may come from a later migration.
  await knex.schema.createTable('archived_submessages', (t) => {
    t.integer('id').primary();
    t.integer('message_id').notNullable().references('archived_messages.id').onDelete('CASCADE');
    t.integer('sender_id').notNullable();
    t.text('msg_type').notNullable();
    t.text('content').notNullable();
    t.index(['message_id']);
  });
  await knex.raw('CREATE TABLE archived_attachments (LIKE attachments INCLUDING DEFAULTS)');
  await knex.raw('ALTER TABLE archived_attachments ADD PRIMARY KEY (id)');
  await knex.schema.createTable('archived_attachment_messages', (t) => {
    t.integer('attachment_id').notNullable().references('archived_attachments.id').onDelete('CASCADE');
    t.integer('message_id').notNullable().references('archived_messages.id').onDelete('CASCADE');
    t.primary(['attachment_id', 'message_id']);
    t.index(['message_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'archived_attachment_messages',
    'archived_attachments',
    'archived_submessages',
    'archived_reactions',
    'archived_user_messages',
    'archived_messages',
    'archive_transactions',
  ]) {
    await knex.schema.dropTable(table);
  }
}
