import type { Knex } from 'knex';

/**
 * Password reset and two-factor, owned by the settings service.
 *
 * `password_reset_tokens`: one row per reset link mailed. Only a SHA-256 of the link's token is
 * kept (a database dump opens no account), with `binding`, a hash of the password hash and the
 * delivery address when it was issued: a link dies when either changes, as Django's token does.
 * A link is deleted when used; `expires_at` bounds the rest.
 *
 * `user_two_factor`: a user's TOTP secret, encrypted as API keys are; `confirmed_at` is null while
 * the user is enrolling (the secret shown, no code typed yet) and two-factor is required only once
 * it is set. `last_step` is the last TOTP time step accepted, so a code is accepted once.
 *
 * `two_factor_recovery_codes`: the one-time recovery codes, hashed; a used one is deleted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique();
    t.text('binding').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['user_id']);
  });
  await knex.schema.createTable('user_two_factor', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('secret_enc').notNullable();
    t.timestamp('confirmed_at', { useTz: true });
    t.bigInteger('last_step');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('two_factor_recovery_codes', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('code_hash').notNullable();
    t.unique(['user_id', 'code_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('two_factor_recovery_codes');
  await knex.schema.dropTable('user_two_factor');
  await knex.schema.dropTable('password_reset_tokens');
}
