import type { Knex } from 'knex';

/**
 * Zulip's moderator role (feature level 60, role 300): a user's role may now be 'moderator'.
 * Its users are the direct members of each realm's role:moderators system group (the groups'
 * members follow from the roles, so no group row changes). Owned by the settings service.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE users DROP CONSTRAINT users_role');
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_role CHECK (role IN ('admin', 'moderator', 'member', 'guest'))`);
}

/** Back to 2.1's roles: a moderator becomes a member, the role below. */
export async function down(knex: Knex): Promise<void> {
  await knex('users').where({ role: 'moderator' }).update({ role: 'member' });
  await knex.raw('ALTER TABLE users DROP CONSTRAINT users_role');
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_role CHECK (role IN ('admin', 'member', 'guest'))`);
}
