import type { Knex } from 'knex';

/**
 * Uploaded files (Zulip's Attachment), owned by the message service: one row per upload, and the
 * messages whose content links it (Attachment.messages), claimed when such a message is sent or
 * edited. `path_id` is the storage key and the part of the URI after /user_uploads/.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('attachments', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.integer('owner_id').notNullable().references('users.id');
    t.text('path_id').notNullable().unique();
    t.text('file_name').notNullable();
    t.bigInteger('size').notNullable();
    t.timestamp('create_time', { useTz: true }).notNullable();
    t.index(['owner_id']);
  });
  await knex.schema.createTable('attachment_messages', (t) => {
    t.integer('attachment_id').notNullable().references('attachments.id').onDelete('CASCADE');
    t.integer('message_id').notNullable().references('messages.id').onDelete('CASCADE');
    t.primary(['attachment_id', 'message_id']);
    t.index(['message_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('attachment_messages');
  await knex.schema.dropTableIfExists('attachments');
}
