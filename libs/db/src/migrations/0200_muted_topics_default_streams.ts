import type { Knex } from 'knex';

/**
 * Subscription service tables beside streams and subscriptions: the topics each user muted
 * (Zulip's MutedTopic) and the realm's default streams, which new users are subscribed to
 * (Zulip's DefaultStream). Only the subscription service writes them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('muted_topics', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id');
    t.integer('stream_id').notNullable().references('streams.id');
    t.text('topic_name').notNullable();
    t.timestamp('date_muted', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Zulip compares topic names case-insensitively (topic_name__iexact) when muting and unmuting.
  await knex.raw('CREATE UNIQUE INDEX muted_topics_user_stream_topic ON muted_topics (user_id, stream_id, lower(topic_name))');

  await knex.schema.createTable('default_streams', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.integer('stream_id').notNullable().references('streams.id');
    t.unique(['realm_id', 'stream_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('default_streams');
  await knex.schema.dropTableIfExists('muted_topics');
}
