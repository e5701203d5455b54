import type { Knex } from 'knex';

/**
 * Two of Zulip 2.1's tables that had no routes until now:
 * - submessages (Zulip's SubMessage), owned by the message service: the poll and todo widgets'
 *   votes and edits, each a JSON string a client sent about a message. They go with their message.
 * - default_stream_groups (Zulip's DefaultStreamGroup) and their streams, owned by the
 *   subscription service: named sets of streams offered to new users. A group's name is unique
 *   in its realm; a stream leaves every group when it is deactivated.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('submessages', (t) => {
    t.increments('id');
    t.integer('message_id').notNullable().references('messages.id').onDelete('CASCADE');
    t.integer('sender_id').notNullable();
    t.text('msg_type').notNullable();
    t.text('content').notNullable();
    t.index(['message_id']);
  });

  await knex.schema.createTable('default_stream_groups', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.unique(['realm_id', 'name']);
  });
  await knex.schema.createTable('default_stream_group_streams', (t) => {
    t.integer('group_id').notNullable().references('default_stream_groups.id').onDelete('CASCADE');
    t.integer('stream_id').notNullable().references('streams.id');
    t.primary(['group_id', 'stream_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('default_stream_group_streams');
  await knex.schema.dropTableIfExists('default_stream_groups');
  await knex.schema.dropTableIfExists('submessages');
}
