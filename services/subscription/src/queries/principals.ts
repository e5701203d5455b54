/** The users a subscribe or unsubscribe acts for: the `principals` named, or the caller. */
import { ApiError, badRequest } from '@chat/errors';
import { getUserByEmail, getUserById, type Executor, type UserRow } from '@chat/db';
import type { Caller } from '../lib/caller';

/** Zulip's PrincipalError: a principal that is not an active user of the realm. */
export function principalError(principal: string | number): ApiError {
  return new ApiError(`User not authorized to execute queries on behalf of '${principal}'`, {
    code: 'UNAUTHORIZED_PRINCIPAL',
    status: 403,
    extra: { principal },
  });
}

/** The active users named by e-mail or by id (feature level 9), each once. */
export async function resolvePrincipals(trx: Executor, realmId: number, principals: string[] | number[]): Promise<UserRow[]> {
  const users = new Map<number, UserRow>();
  for (const principal of principals) {
    const user = typeof principal === 'number' ? await getUserById(trx, realmId, principal) : await getUserByEmail(trx, realmId, principal);
    if (!user || !user.is_active) throw principalError(principal);
    users.set(user.id, user);
  }
  return [...users.values()];
}

/** The caller's own row, for a change made to oneself. */
export async function callerUser(db: Executor, caller: Caller): Promise<UserRow> {
  const me = await getUserById(db, caller.realmId, caller.userId);
  if (!me) throw badRequest('Invalid user');
  return me;
}
