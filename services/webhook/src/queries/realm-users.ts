import type { Knex } from 'knex';
import type { UserRow } from '@chat/db';

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

/** The user with this delivery e-mail (any case, surrounding spaces ignored), active or not. */
export function userByDeliveryEmail(db: Knex, realmId: number, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ realm_id: realmId }).whereRaw('lower(delivery_email) = lower(?)', [email.trim()]).first();
}
