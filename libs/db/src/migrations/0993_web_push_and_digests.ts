import type { Knex } from 'knex';

/**
 * `web_push_subscriptions`: a browser's Web Push subscription (the Push API's PushSubscription):
 * the push service's URL the server posts to, and the browser's P-256 public key and auth secret
 * the payload is encrypted for (RFC 8291). One row per browser: the endpoint is unique, so a
 * browser that subscribes again (or for another user who logged in there) replaces its row.
 * Owned by the settings service; read by the message service's Web Push job.
 *
 * `digest_emails_sent`: when each user was last mailed a digest (Zulip keeps this in its audit
 * log): the next digest covers no more than what came since, and none goes out twice within a
 * few hours however often the schedule runs. Owned by the message service.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('web_push_subscriptions', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('endpoint').notNullable().unique();
    t.text('p256dh').notNullable();
    t.text('auth').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });
  await knex.schema.createTable('digest_emails_sent', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.timestamp('sent_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('digest_emails_sent');
  await knex.schema.dropTable('web_push_subscriptions');
}
