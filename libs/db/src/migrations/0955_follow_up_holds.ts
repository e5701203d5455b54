import type { Knex } from 'knex';

/**
 * `job_requests.held_until`: a follow-up its requester runs itself right after the commit (so its
 * effect, a Notification Bot notice say, lands before the request's answer) is held from the
 * dispatcher until then. The requester settles it (done, or released to the jobs); a requester
 * that died meanwhile leaves the hold to run out, and the dispatcher takes the request after it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('job_requests', (t) => {
    t.timestamp('held_until', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('job_requests', (t) => {
    t.dropColumn('held_until');
  });
}
