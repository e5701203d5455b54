import type { Knex } from 'knex';

/**
 * Browser sessions (Zulip's Django sessions): the web client holds an HttpOnly cookie whose
 * SHA-256 is stored here, never the cookie itself, with the CSRF token bound to the session.
 * Owned by the settings service (login, logout, and the credential changes that end sessions);
 * read by every process that authenticates /json requests.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.bigIncrements('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.integer('user_id').notNullable().references('users.id');
    t.text('token_hash').notNullable().unique();
    t.text('csrf_token').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
}
