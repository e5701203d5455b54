import type { Knex } from 'knex';
import type { UserRow } from '@chat/db';

/**
 * The user a third party names (TeamCity's "triggered by"): the first active user of the realm,
 * by id, whose full name is `name` or whose email starts with it, case-insensitively; each name
 * in turn until one matches. An empty name is skipped: every email starts with it, and a private
 * message to whoever has the lowest id would go to someone the service never named.
 */
export async function userNamed(db: Knex, realmId: number, names: readonly string[]): Promise<UserRow | undefined> {
  for (const name of names) {
    if (name === '') continue;
    const user = await db<UserRow>('users')
      .where({ realm_id: realmId, is_active: true })
      .whereRaw('(lower(full_name) = lower(?) OR starts_with(lower(email), lower(?)))', [name, name])
      .orderBy('id')
      .first();
    if (user) return user;
  }
  return undefined;
}
