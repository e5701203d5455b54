import type { Knex } from 'knex';

/**
 * `services`: an outgoing-webhook bot's endpoint (Zulip's Service): where its triggers are POSTed,
 * the token sent with each so the endpoint can tell the server is the sender, and the payload
 * form (1 generic, 2 slack-compatible). One row per bot today, as in Zulip 2.1. Owned by the
 * settings service; read by the message service's outgoing-webhook job.
 *
 * `missed_message_emails`: messages waiting to be e-mailed to a recipient who may not read them
 * (Zulip's MissedMessageWorker kept these in memory for its two-minute batch and lost them on a
 * restart; a table keeps them). Rows of one user share the `due_at` of the batch they joined, so
 * the job at that moment mails them together. Owned by the message service.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('services', (t) => {
    t.increments('id');
    t.integer('bot_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('base_url').notNullable();
    t.text('token').notNullable();
    t.smallint('interface').notNullable();
    t.index(['bot_id']);
  });
  await knex.schema.createTable('missed_message_emails', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // A deleted message is not mailed.
    t.integer('message_id').notNullable().references('messages.id').onDelete('CASCADE');
    // 'private_message', 'mentioned' or 'wildcard_mentioned' (Zulip's trigger names).
    t.text('trigger').notNullable();
    t.timestamp('due_at', { useTz: true }).notNullable();
    t.index(['user_id', 'due_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('missed_message_emails');
  await knex.schema.dropTable('services');
}
