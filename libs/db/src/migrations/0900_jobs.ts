import type { Knex } from 'knex';

/**
 * Background jobs of the embedded topology (@chat/jobs's database adapter; the distributed one
 * keeps them in BullMQ on Redis), so they survive a restart:
 * - jobs: one row per job. `job_key` is the idempotency id (unique per kind); `state` is
 *   waiting | active | done | dead; an active job whose `locked_until` passed is claimed again
 *   (its worker died); `attempts` counts tries started, and is the claim's token.
 * - job_schedules: repeating jobs, each firing once per period at `next_run_at`.
 * - job_requests: jobs a service asks for inside its transaction (the jobs outbox); the
 *   dispatcher enqueues committed rows, with the row id as idempotency id, then marks them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.bigIncrements('id');
    t.text('kind').notNullable();
    t.text('job_key').notNullable();
    t.jsonb('payload').notNullable();
    t.text('state').notNullable().defaultTo('waiting');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('run_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('locked_until', { useTz: true });
    t.text('last_error');
    t.timestamp('failed_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['kind', 'job_key']);
    t.index(['kind', 'state', 'run_at']);
  });
  await knex.schema.createTable('job_schedules', (t) => {
    t.text('name').primary();
    t.text('kind').notNullable();
    t.jsonb('payload').notNullable();
    t.bigInteger('every_ms').notNullable();
    t.timestamp('next_run_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('job_requests', (t) => {
    t.bigIncrements('id');
    t.text('kind').notNullable();
    t.jsonb('payload').notNullable();
    t.integer('delay_ms').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('enqueued_at', { useTz: true });
    t.index(['enqueued_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('job_requests');
  await knex.schema.dropTable('job_schedules');
  await knex.schema.dropTable('jobs');
}
