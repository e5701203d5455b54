import type { Knex } from 'knex';

/**
 * A user's topics carry a visibility policy (Zulip's UserTopic): 1 muted, 2 unmuted (in a muted
 * stream), 3 followed; a topic with no row inherits (0). Every row before this was a mute.
 * `date_muted` is the time the policy was last set (Zulip's last_updated).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('muted_topics', (t) => {
    t.smallint('visibility_policy').notNullable().defaultTo(1);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('muted_topics').whereNot('visibility_policy', 1).del();
  await knex.schema.alterTable('muted_topics', (t) => {
    t.dropColumn('visibility_policy');
  });
}
