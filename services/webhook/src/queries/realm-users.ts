import type { Knex } from 'knex';
import type { UserRow } from '@chat/db';
import type { RealmUsers } from '../framework/integration';

/**
 * The first active user of the realm, by id, whose full name is `name` or whose email starts with
 * it, case-insensitively (Zulip's user_profile_by_full_name_or_email_prefix for Jira and TeamCity).
 */
export function userByNameOrEmailPrefix(db: Knex, realmId: number, name: string): Promise<UserRow | undefined> {
  return db<UserRow>('users')
    .where({ realm_id: realmId, is_active: true })
    .whereRaw('(lower(full_name) = lower(?) OR starts_with(lower(email), lower(?)))', [name, name])
    .orderBy('id')
    .first();
}

/** The look-ups an integration may make in the bot's realm (Zulip's user queries, case-insensitive). */
export function realmUsers(db: Knex, realmId: number): RealmUsers {
  return {
    async byDeliveryEmail(email) {
      const row = await db<UserRow>('users')
        .where({ realm_id: realmId })
        .whereRaw('lower(delivery_email) = lower(?)', [email.trim()])
        .first('full_name');
      return row ? { fullName: row.full_name } : undefined;
    },
    async byNameOrEmailPrefix(name) {
      const row = await userByNameOrEmailPrefix(db, realmId, name);
      return row ? { fullName: row.full_name } : undefined;
    },
  };
}
