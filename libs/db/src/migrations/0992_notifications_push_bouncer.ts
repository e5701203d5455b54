import type { Knex } from 'knex';

/**
 * `pending_notifications`: a recipient's notifications of one message, decided at send time and
 * waiting for the moment they may go (Zulip keeps the same facts on the event in the user's
 * Tornado queues). A row per user and message, holding each channel's trigger (null: that channel
 * is not notified). The row goes when it is claimed: at once when the recipient has no queue
 * that accepts messages, or when their last such queue is garbage-collected. Owned by the message
 * service.
 *
 * `push_bouncer_registrations`: this server's registration with a push-notification bouncer (the
 * `register-push-server` verb writes it after the bouncer accepted), so server_settings reports
 * push notifications only once they can reach a device. Owned by the settings service; the key
 * itself is a secret and is never stored here.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pending_notifications', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('message_id').notNullable().references('messages.id').onDelete('CASCADE');
    t.text('email_trigger');
    t.text('mobile_push_trigger');
    t.text('web_push_trigger');
    // enable_online_push_notifications: the mobile push goes even while the user has a client open.
    t.boolean('online_push').notNullable().defaultTo(false);
    // A mention through a user group (Zulip's mentioned_user_group_id): the push names the group.
    t.integer('mentioned_user_group_id');
    t.unique(['user_id', 'message_id']);
    t.index(['message_id']);
  });
  // Zulip's index for the messages whose mobile notification is still shown: marking read looks
  // them up among a user's rows, which are otherwise scanned whole.
  await knex.raw('CREATE INDEX user_messages_active_push ON user_messages (user_id, message_id) WHERE (flags & 4096) <> 0');
  await knex.schema.createTable('push_bouncer_registrations', (t) => {
    t.increments('id');
    t.text('bouncer_url').notNullable().unique();
    t.text('org_id').notNullable();
    t.timestamp('registered_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('push_bouncer_registrations');
  await knex.raw('DROP INDEX IF EXISTS user_messages_active_push');
  await knex.schema.dropTableIfExists('pending_notifications');
}
