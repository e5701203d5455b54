import type { Knex } from 'knex';

/**
 * Owned by the settings service: passwords, custom emoji, failed-login bookkeeping.
 * Per-user notification and display settings live in users.settings (jsonb) and realm options in
 * realms.settings, with their defaults in code, so adding one of Zulip's settings needs no
 * migration.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    // A slow salted hash (services/settings/src/domain/passwords.ts); null: no password login
    // (bots, users created without one).
    t.text('password_hash');
  });

  await knex.schema.createTable('realm_emoji', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.text('name').notNullable();
    t.integer('author_id').references('users.id');
    t.text('file_name').notNullable().defaultTo('');
    t.boolean('deactivated').notNullable().defaultTo(false);
    t.timestamp('date_created', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // A deactivated emoji keeps its row (old messages still show it); only active names are unique.
  await knex.raw('CREATE UNIQUE INDEX realm_emoji_active_name ON realm_emoji (realm_id, name) WHERE NOT deactivated');

  // One row per password attempt still inside the rate-limit window; kept in the database so
  // every replica (and the embedded server) sees the same count.
  await knex.schema.createTable('login_attempts', (t) => {
    t.bigIncrements('id');
    t.text('key').notNullable();
    t.timestamp('attempted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['key', 'attempted_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('login_attempts');
  await knex.schema.dropTableIfExists('realm_emoji');
  await knex.schema.alterTable('users', (t) => t.dropColumn('password_hash'));
}
