import type { Knex } from 'knex';

/**
 * Invitations (Zulip's PreregistrationUser, MultiuseInvite and their Confirmation rows, in one
 * table): an e-mail invitation has its `email` and is used once; a reusable link (multiuse) has
 * none and is used by anyone who holds it, until it expires or is revoked. `confirmation_key` is
 * the secret in the link. Revoking deletes the row (as Zulip does), so a link then finds nothing.
 * Owned by the settings service.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invitations', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.integer('referred_by').notNullable().references('users.id');
    t.text('email');
    t.boolean('is_multiuse').notNullable();
    // As the inviter sent it (2.1's 1/2/3 or today's 200/400/600): GET /invites answers it back.
    t.integer('invited_as').notNullable();
    t.text('confirmation_key').notNullable().unique();
    // Sent (or last resent) at: validity counts from here.
    t.timestamp('invited_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // An e-mail invitation somebody signed up with; it no longer lists nor opens.
    t.timestamp('accepted_at', { useTz: true });
    t.index(['realm_id', 'invited_at']);
  });
  await knex.schema.createTable('invitation_streams', (t) => {
    t.integer('invitation_id').notNullable().references('invitations.id').onDelete('CASCADE');
    t.integer('stream_id').notNullable().references('streams.id');
    t.primary(['invitation_id', 'stream_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invitation_streams');
  await knex.schema.dropTable('invitations');
}
