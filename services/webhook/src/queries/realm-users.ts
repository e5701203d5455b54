import type { Knex } from 'knex';
import type { UserRow } from '@chat/db';
import type { RealmUsers } from '../framework/integration';

/** `text` as a LIKE pattern that matches only itself. */
function literalPattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
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
      const row = await db<UserRow>('users')
        .where({ realm_id: realmId, is_active: true })
        .whereRaw("(lower(full_name) = lower(?) OR lower(email) LIKE lower(?) || '%')", [name, literalPattern(name)])
        .orderBy('id')
        .first('full_name');
      return row ? { fullName: row.full_name } : undefined;
    },
  };
}
