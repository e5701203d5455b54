/** The user a request acts as: the caller of a route, or the sender an internal call names. */
import type { Knex } from 'knex';
import { getUserByEmail, getUserById, type UserRow } from '@chat/db';
import { ApiError, badRequest } from '@chat/errors';

/** The caller, read fresh (the identity may be cached): a deactivated account gets 401. */
export async function loadSender(db: Knex, realmId: number, userId: number): Promise<UserRow> {
  const sender = await getUserById(db, realmId, userId);
  if (!sender || !sender.is_active) throw new ApiError('Account is deactivated', { status: 401 });
  return sender;
}

/** The bot another service posts as (POST /internal/messages), in the realm its call names. */
export async function loadInternalSender(db: Knex, realmId: number | null, email: string): Promise<UserRow> {
  if (realmId === null) throw badRequest('Internal calls must name a realm');
  const sender = await getUserByEmail(db, realmId, email);
  if (!sender || !sender.is_active) throw badRequest(`Invalid sender '${email}'`);
  return sender;
}

/** The user, when still active in the realm (a temporary file URL's reader); undefined otherwise. */
export async function activeUser(db: Knex, realmId: number, userId: number): Promise<UserRow | undefined> {
  const user = await getUserById(db, realmId, userId);
  return user?.is_active ? user : undefined;
}
