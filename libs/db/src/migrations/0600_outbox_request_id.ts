import type { Knex } from 'knex';

/**
 * Operations: the outbox row remembers the request that wrote it (x-request-id), so the relay can
 * put it on the bus event and the event-queue worker can log the delivery under the same id as
 * the gateway's access log. Nullable: rows written outside a request (seed, CLI) have none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => {
    t.text('request_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => {
    t.dropColumn('request_id');
  });
}
