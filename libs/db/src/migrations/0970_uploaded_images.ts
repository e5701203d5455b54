import type { Knex } from 'knex';

/**
 * Uploaded realm images and animated emoji (Zulip's Realm.icon_source/icon_version,
 * logo_source/logo_version, night_logo_source/night_logo_version and RealmEmoji.is_animated).
 * The sources are Zulip's letters: icon 'G' (Gravatar identicon) or 'U' (uploaded), logo 'D'
 * (default) or 'U'. A version goes up with every change, so a URL carrying it is never stale in a
 * cache. Owned by the settings service. (Users already have avatar_source and avatar_version.)
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('realms', (t) => {
    t.string('icon_source', 1).notNullable().defaultTo('G');
    t.integer('icon_version').notNullable().defaultTo(1);
    t.string('logo_source', 1).notNullable().defaultTo('D');
    t.integer('logo_version').notNullable().defaultTo(1);
    t.string('night_logo_source', 1).notNullable().defaultTo('D');
    t.integer('night_logo_version').notNullable().defaultTo(1);
  });
  await knex.schema.alterTable('realm_emoji', (t) => {
    t.boolean('is_animated').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('realm_emoji', (t) => {
    t.dropColumn('is_animated');
  });
  await knex.schema.alterTable('realms', (t) => {
    for (const column of ['icon_source', 'icon_version', 'logo_source', 'logo_version', 'night_logo_source', 'night_logo_version']) {
      t.dropColumn(column);
    }
  });
}
