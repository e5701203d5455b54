import type { Knex } from 'knex';

/**
 * Emoji reactions (Zulip's Reaction), owned by the message service. One row per user, message
 * and emoji (code + type, as Zulip's unique constraint: the name may differ between voters).
 * Rows go with their message when it is deleted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reactions', (t) => {
    t.increments('id');
    t.integer('message_id').notNullable().references('messages.id').onDelete('CASCADE');
    t.integer('user_id').notNullable();
    t.text('emoji_name').notNullable();
    t.text('emoji_code').notNullable();
    t.text('reaction_type').notNullable().defaultTo('unicode_emoji');
    t.unique(['message_id', 'user_id', 'emoji_code', 'reaction_type']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('reactions');
}
