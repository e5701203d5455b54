import type { Knex } from 'knex';

/**
 * `invitations.via_invitation_id`: a sign-up confirmation (Zulip's PreregistrationUser made by
 * the /join/ form of a reusable link): someone typed an address on the link's page and was mailed
 * a link of their own, which proves they own the address. It has the address, the link's role and
 * a copy of its streams; it is neither listed nor managed as an invitation, and it goes when the
 * reusable link is revoked.
 *
 * `realm_invites_sent`: how many invitation e-mails each realm sent, one row per request (Zulip's
 * invites_sent::day count), for the daily cap. Kept apart from the invitations, so revoking
 * invitations does not give the day's quota back. Rows older than a day are deleted as new ones
 * are written. Both owned by the settings service.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invitations', (t) => {
    t.integer('via_invitation_id').references('invitations.id').onDelete('CASCADE');
    t.index(['via_invitation_id']);
  });
  await knex.schema.createTable('realm_invites_sent', (t) => {
    t.bigIncrements('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.integer('count').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['realm_id', 'sent_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('realm_invites_sent');
  await knex.schema.alterTable('invitations', (t) => {
    t.dropColumn('via_invitation_id');
  });
}
