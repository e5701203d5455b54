import type { Knex } from 'knex';

/**
 * Owned by the settings service: user groups and their members, alert words, custom profile
 * fields and each user's values for them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_groups', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.unique(['realm_id', 'name']);
  });
  await knex.schema.createTable('user_group_members', (t) => {
    t.integer('user_group_id').notNullable().references('user_groups.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id');
    t.primary(['user_group_id', 'user_id']);
    t.index(['user_id']);
  });

  // One row per word, in the order the user added them (the id keeps that order).
  await knex.schema.createTable('alert_words', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id');
    t.text('word').notNullable();
    t.unique(['user_id', 'word']);
  });

  await knex.schema.createTable('custom_profile_fields', (t) => {
    t.increments('id');
    t.integer('realm_id').notNullable().references('realms.id');
    t.text('name').notNullable();
    t.text('hint').notNullable().defaultTo('');
    t.integer('field_type').notNullable();
    t.text('field_data').notNullable().defaultTo('');
    t.integer('order').notNullable().defaultTo(0);
    t.unique(['realm_id', 'name']);
  });
  await knex.schema.createTable('custom_profile_field_values', (t) => {
    t.integer('field_id').notNullable().references('custom_profile_fields.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id');
    t.text('value').notNullable();
    t.text('rendered_value');
    t.primary(['field_id', 'user_id']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('custom_profile_field_values');
  await knex.schema.dropTableIfExists('custom_profile_fields');
  await knex.schema.dropTableIfExists('alert_words');
  await knex.schema.dropTableIfExists('user_group_members');
  await knex.schema.dropTableIfExists('user_groups');
}
