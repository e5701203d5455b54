import type { Executor, UserRow } from '@chat/db';

/** The users row with the columns only this service reads (migration 0300). */
export type SettingsUserRow = UserRow & { password_hash: string | null };

export async function getUserWithPassword(db: Executor, realmId: number, email: string): Promise<SettingsUserRow | undefined> {
  return db<SettingsUserRow>('users')
    .where({ realm_id: realmId })
    .whereRaw('lower(email) = lower(?)', [email.trim()])
    .first();
}

export async function getUserWithPasswordById(db: Executor, userId: number): Promise<SettingsUserRow | undefined> {
  return db<SettingsUserRow>('users').where({ id: userId, is_bot: false }).first();
}

/** Whether the user has a message with this id in their history (Zulip's UserMessage check). */
export async function hasUserMessage(db: Executor, userId: number, messageId: number): Promise<boolean> {
  // Read-only look at the message service's table; the pointer only needs existence.
  return (await db('user_messages').where({ user_id: userId, message_id: messageId }).first('message_id')) !== undefined;
}

/** PostgreSQL's unique_violation, for inserts that race on (realm, e-mail). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
