import type { Knex } from 'knex';

/**
 * Owned by the webhook service. When a webhook bot is misconfigured (a stream that does not
 * exist, a body that is not JSON) its owner is told by a private message from Notification Bot,
 * at most once per bot per BOT_OWNER_STREAM_ALERT_WAITPERIOD (Zulip's UserProfile.last_reminder;
 * kept here rather than on users, which the settings service owns). Without the wait, a
 * third-party service retrying a broken hook every few seconds would flood the owner.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_bot_reminders', (t) => {
    t.integer('bot_id').primary().references('users.id').onDelete('CASCADE');
    t.timestamp('last_reminder', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_bot_reminders');
}
