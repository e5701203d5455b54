import type { Knex } from 'knex';

/**
 * Event queues: one counter per realm that every transaction changing realm-wide state (users,
 * streams, emoji, groups, profile fields, realm settings) bumps in that same transaction
 * (writeNotices). /register reads it inside its snapshot, so a cached realm-wide part of the
 * initial state is reused only when it was built from the same state. A table of its own, shared
 * like `outbox`, rather than a column of `realms`: the settings service alone writes `realms`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('realm_state_versions', (t) => {
    t.integer('realm_id').primary().references('realms.id');
    t.integer('version').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('realm_state_versions');
}
