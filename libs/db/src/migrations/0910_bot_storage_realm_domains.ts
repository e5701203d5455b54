import type { Knex } from 'knex';

/**
 * Two settings-service tables from Zulip 2.1:
 * - `bot_storage`: each account's key-value store (Zulip's BotStorageData, the bots framework's
 *   StateHandler). Keys are at most 1,000 characters (BotStorageData.key's max_length); the
 *   total per account is bounded by the service (USER_STATE_SIZE_LIMIT), not by the table.
 * - `realm_domains`: the e-mail domains a realm accepts when emails_restricted_to_domains is on
 *   (Zulip's RealmDomain), stored lower-case, one row per domain.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bot_storage', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id');
    t.string('key', 1000).notNullable();
    t.text('value').notNullable();
    t.unique(['user_id', 'key']);
  });
  await knex.schema.createTable('realm_domains', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.text('domain').notNullable();
    t.boolean('allow_subdomains').notNullable().defaultTo(false);
    t.unique(['realm_id', 'domain']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('realm_domains');
  await knex.schema.dropTable('bot_storage');
}
