/** Zulip's access_user_by_id: whom an administrator (or a bot's owner) may act on. */
import { getUserById, type Executor, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { canAdminUser, requireAdmin } from '../lib/permissions';
import { loadActor } from '../queries/actor';

/** Zulip's access_user_by_id. */
async function accessUserById(
  db: Executor,
  actor: UserRow,
  userId: number,
  opts: { allowDeactivated?: boolean; allowBots?: boolean } = {},
): Promise<UserRow> {
  const target = await getUserById(db, actor.realm_id, userId);
  if (!target) throw badRequest('No such user');
  if (target.is_bot && !opts.allowBots) throw badRequest('No such user');
  if (!target.is_active && !opts.allowDeactivated) throw badRequest('User is deactivated');
  if (!canAdminUser(actor, target)) throw badRequest('Insufficient permission');
  return target;
}

/** The administrator acting on another account, and that account (allowed as access_user_by_id allows). */
export async function checkAdminAccess(
  db: Executor,
  realmId: number,
  actorId: number,
  userId: number,
  opts?: { allowDeactivated?: boolean; allowBots?: boolean },
): Promise<UserRow> {
  const actor = await loadActor(db, realmId, actorId);
  requireAdmin(actor);
  return accessUserById(db, actor, userId, opts);
}
