import type { Knex } from 'knex';

/**
 * Idempotency-Key on POST /messages, owned by the message service: the first successful send with
 * a key stores the key and its response in the send's own transaction, so a retry finds either
 * nothing (the send rolled back) or the committed message, never half of it. Keys live 24 hours;
 * the created_at index lets the sweep find the expired ones without scanning the table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('key', 255).notNullable();
    // A digest of the parsed request, so the same key with another body is told apart.
    t.string('request_hash', 64).notNullable();
    t.jsonb('response').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'key']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('idempotency_keys');
}
