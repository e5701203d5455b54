import { getUserById, type Executor, type UserRow } from '@chat/db';
import { unauthorized } from '@chat/errors';

/** The acting user, read again inside the transaction: the gateway's copy may be a minute old. */
export async function loadActor(db: Executor, realmId: number, userId: number): Promise<UserRow> {
  const user = await getUserById(db, realmId, userId);
  if (!user || !user.is_active) throw unauthorized('Account is deactivated');
  return user;
}
