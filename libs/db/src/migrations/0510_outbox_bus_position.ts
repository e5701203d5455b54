import type { Knex } from 'knex';

/**
 * Event queues: each outbox row gets a bus position when the relay first publishes it, from one
 * sequence, so positions follow publish order across relay leaders and across a broker that lost
 * its stream (whose own sequence restarts at 1). A queue skips positions it already applied, so a
 * replay of rows it already has is harmless (docs/architecture.md, "Replay"). A replay sets
 * published_at back to NULL and keeps bus_pos, and the relay publishes those rows first, in
 * position order: the index serves that order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE outbox_bus_pos');
  await knex.schema.alterTable('outbox', (t) => {
    t.bigInteger('bus_pos');
  });
  await knex.raw('CREATE INDEX outbox_unpublished_pos ON outbox (bus_pos, id) WHERE published_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX outbox_unpublished_pos');
  await knex.schema.alterTable('outbox', (t) => {
    t.dropColumn('bus_pos');
  });
  await knex.raw('DROP SEQUENCE outbox_bus_pos');
}
