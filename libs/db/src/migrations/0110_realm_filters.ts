import type { Knex } from 'knex';

/**
 * Linkifiers (Zulip's RealmFilter), owned by the message service, which renders with them. A
 * pattern is unique within its realm, as Zulip's unique_together (realm, pattern).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('realm_filters', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.text('pattern').notNullable();
    t.text('url_format_string').notNullable();
    t.unique(['realm_id', 'pattern']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('realm_filters');
}
