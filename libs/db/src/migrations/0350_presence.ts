import type { Knex } from 'knex';

/**
 * Owned by the settings service: presence (one row per user and client, Zulip's UserPresence)
 * and the away flag and status text (Zulip's UserStatus).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_presence', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.integer('user_id').notNullable().references('users.id');
    t.text('client').notNullable();
    // 1 active, 2 idle (Zulip's UserPresence.ACTIVE / IDLE).
    t.smallint('status').notNullable();
    t.timestamp('timestamp', { useTz: true }).notNullable();
    t.unique(['user_id', 'client']);
    t.index(['realm_id', 'timestamp']);
  });
  await knex.schema.createTable('user_status', (t) => {
    t.integer('user_id').primary().references('users.id');
    t.integer('realm_id').notNullable().references('realms.id');
    // 0 normal, 1 away (Zulip's UserStatus.NORMAL / AWAY).
    t.smallint('status').notNullable().defaultTo(0);
    t.text('status_text').notNullable().defaultTo('');
    t.text('client').notNullable().defaultTo('');
    t.timestamp('timestamp', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['realm_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_status');
  await knex.schema.dropTable('user_presence');
}
