import type { Knex } from 'knex';

/**
 * Logins through an external identity provider (OpenID Connect now; SAML and LDAP later).
 *
 * `external_login_states`: one row per login started (the OAuth state's id, its nonce and PKCE
 * verifier, where to land and the apps' one-time pads), read once and deleted by the callback,
 * expired after minutes. Every replica sees them, so the callback may land on any. A login that
 * ends for a realm on another host leaves a hand-off row (`user_id`) its host takes once.
 *
 * `external_identities`: the (issuer, subject) a provider names a person by, bound to their
 * account at their first login; later logins match by it, whatever address the provider then
 * claims. Both owned by the settings service.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('external_login_states', (t) => {
    t.string('id', 64).primary();
    t.integer('realm_id').notNullable().references('realms.id').onDelete('CASCADE');
    t.string('backend', 32).notNullable();
    t.text('nonce').notNullable();
    t.text('code_verifier').notNullable();
    t.text('next').notNullable();
    t.boolean('is_signup').notNullable().defaultTo(false);
    t.string('mobile_flow_otp', 64);
    t.string('desktop_flow_otp', 64);
    // A hand-off: the login ended at the callback's host for a realm on another host (a subdomain),
    // and this user gets their session there.
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at']);
  });
  await knex.schema.createTable('external_identities', (t) => {
    t.bigIncrements('id');
    t.integer('realm_id').notNullable().references('realms.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('issuer').notNullable();
    t.text('subject').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['realm_id', 'issuer', 'subject']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('external_identities');
  await knex.schema.dropTable('external_login_states');
}
