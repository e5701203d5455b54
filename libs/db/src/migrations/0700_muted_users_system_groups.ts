import type { Knex } from 'knex';

/**
 * Muted users (Zulip's MutedUser, feature level 48) and mobile push tokens (Zulip's
 * PushDeviceToken: stored so the app can register; this server sends no pushes), owned by the
 * settings service; and each realm's system groups (Zulip's role:* groups, feature level 93),
 * which group-setting values point to. A system group's members follow from the users' roles
 * (@chat/db SYSTEM_GROUPS), so only the groups are stored, one set per realm, made by a trigger
 * whatever creates the realm.
 */
const SYSTEM_GROUP_NAMES = `VALUES ('role:internet'), ('role:everyone'), ('role:members'), ('role:fullmembers'),
  ('role:moderators'), ('role:administrators'), ('role:owners'), ('role:nobody')`;

// A realm's own group of the same name (a 2.1 group called role:members) keeps its row.
const EXISTING_REALMS_GROUPS = `
  INSERT INTO user_groups (realm_id, name, description, is_system_group)
  SELECT r.id, n.name, '', true FROM realms r, (${SYSTEM_GROUP_NAMES}) AS n(name)
  ON CONFLICT (realm_id, name) DO NOTHING`;

const NEW_REALM_GROUPS_FUNCTION = `
  CREATE FUNCTION add_system_groups() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO user_groups (realm_id, name, description, is_system_group)
    SELECT NEW.id, n.name, '', true FROM (${SYSTEM_GROUP_NAMES}) AS n(name)
    ON CONFLICT (realm_id, name) DO NOTHING;
    RETURN NEW;
  END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('muted_users', (t) => {
    t.integer('user_id').notNullable().references('users.id');
    t.integer('muted_user_id').notNullable().references('users.id');
    t.timestamp('date_muted', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'muted_user_id']);
    t.index(['muted_user_id']);
  });
  await knex.schema.createTable('push_device_tokens', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id');
    // 1 APNs (iOS), 2 FCM (Android), as Zulip's PushDeviceToken.kind.
    t.smallint('kind').notNullable();
    t.text('token').notNullable();
    t.text('ios_app_id');
    t.timestamp('last_updated', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'kind', 'token']);
  });
  await knex.schema.alterTable('user_groups', (t) => {
    t.boolean('is_system_group').notNullable().defaultTo(false);
  });
  await knex.raw(EXISTING_REALMS_GROUPS);
  await knex.raw(NEW_REALM_GROUPS_FUNCTION);
  await knex.raw('CREATE TRIGGER realms_system_groups AFTER INSERT ON realms FOR EACH ROW EXECUTE FUNCTION add_system_groups()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS realms_system_groups ON realms');
  await knex.raw('DROP FUNCTION IF EXISTS add_system_groups()');
  await knex('user_groups').where({ is_system_group: true }).del();
  await knex.schema.alterTable('user_groups', (t) => {
    t.dropColumn('is_system_group');
  });
  await knex.schema.dropTableIfExists('push_device_tokens');
  await knex.schema.dropTableIfExists('muted_users');
}
