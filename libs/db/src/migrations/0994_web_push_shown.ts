import type { Knex } from 'knex';

/**
 * `web_push_shown`: the messages whose Web Push notification a user's browsers were sent and have
 * not been told to close (the web counterpart of the active_mobile_push_notification flag, kept
 * apart so neither channel's claim blocks the other). Marking a message read deletes its row and
 * asks for the closing push. Owned by the message service.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('web_push_shown', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('message_id').notNullable().references('messages.id').onDelete('CASCADE');
    t.primary(['user_id', 'message_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('web_push_shown');
}
