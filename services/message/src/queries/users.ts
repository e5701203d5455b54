/** The few reads of users this service's actions need beyond @chat/db's. */
import { anyOf, type Executor, type UserRow } from '@chat/db';

/** The bots of the realm among `ids` (a message's mentioned users). */
export async function realmBotsAmong(db: Executor, realmId: number, ids: number[]): Promise<UserRow[]> {
  return db<UserRow>('users')
    .where({ realm_id: realmId, is_bot: true })
    .whereRaw(...anyOf('id', ids));
}

/** The user's role, read from the database so a demotion counts at once (the identity may be cached). */
export async function userRole(db: Executor, realmId: number, userId: number): Promise<string | undefined> {
  const user: { role: string } | undefined = await db('users').where({ id: userId, realm_id: realmId }).first('role');
  return user?.role;
}

/** Zulip's active_user_ids(realm): every active user and bot of the realm, in id order. */
export async function activeUserIds(db: Executor, realmId: number): Promise<number[]> {
  const users: { id: number }[] = await db('users').where({ realm_id: realmId, is_active: true }).orderBy('id').select('id');
  return users.map((u) => u.id);
}

/** The user's e-mail, '' when there is no such user. */
export async function userEmail(db: Executor, userId: number): Promise<string> {
  const user: { email: string } | undefined = await db('users').where({ id: userId }).first('email');
  return user?.email ?? '';
}
