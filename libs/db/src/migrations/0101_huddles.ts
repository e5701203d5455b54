import type { Knex } from 'knex';

/**
 * Groups of users addressed by group private messages (Zulip's Huddle), owned by the message
 * service. A huddle is found by its members: huddle_hash is the sorted member ids joined by
 * commas, unique, so two concurrent first messages to the same group end up in one huddle.
 * user_ids (sorted) replaces Zulip's per-huddle Subscription rows; its GIN index serves
 * group-pm-with ("huddles containing both users"). recipients rows use Zulip's type 3.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('huddles', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.text('huddle_hash').notNullable().unique();
    t.specificType('user_ids', 'integer[]').notNullable();
    t.integer('recipient_id');
  });
  await knex.raw('CREATE INDEX huddles_user_ids ON huddles USING gin (user_ids)');
  await knex.raw('CREATE UNIQUE INDEX huddles_recipient ON huddles (recipient_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('huddles');
}
