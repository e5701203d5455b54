import type { Knex } from 'knex';
import type { UserRow } from '@chat/db';
import { userByNameOrEmailPrefix } from './realm-users';

/**
 * The user a third party names (TeamCity's "triggered by"): each name in turn, as
 * userByNameOrEmailPrefix finds them, until one matches. An empty name is skipped: every e-mail
 * starts with it, and a private message to whoever has the lowest id would go to someone the
 * service never named.
 */
export async function userNamed(db: Knex, realmId: number, names: readonly string[]): Promise<UserRow | undefined> {
  for (const name of names) {
    if (name === '') continue;
    const user = await userByNameOrEmailPrefix(db, realmId, name);
    if (user) return user;
  }
  return undefined;
}
