/** The look-ups an integration may make in the bot's realm (Zulip's user queries, case-insensitive). */
import type { Knex } from 'knex';
import { userByDeliveryEmail, userByNameOrEmailPrefix } from '../queries/realm-users';
import type { RealmUsers } from './integration';

export function realmUsers(db: Knex, realmId: number): RealmUsers {
  const named = (row: { full_name: string } | undefined) => (row ? { fullName: row.full_name } : undefined);
  return {
    byDeliveryEmail: async (email) => named(await userByDeliveryEmail(db, realmId, email)),
    byNameOrEmailPrefix: async (name) => named(await userByNameOrEmailPrefix(db, realmId, name)),
  };
}
