/** Zulip's permission checks on an account already loaded: what its role lets it do. */
import type { UserRow } from '@chat/db';
import { ApiError, badRequest } from '@chat/errors';

/** Zulip's require_realm_admin. */
export function requireAdmin(user: UserRow): void {
  if (user.role !== 'admin') {
    throw new ApiError('Must be an organization administrator', { code: 'UNAUTHORIZED_PRINCIPAL' });
  }
}

/** Zulip's require_member_or_admin: guests and bots are refused. */
export function requireMemberOrAdmin(user: UserRow): void {
  if (user.role === 'guest') throw badRequest('Not allowed for guest users');
  if (user.is_bot) throw new ApiError('This endpoint does not accept bot requests.');
}

/** Zulip's UserProfile.can_admin_user: a bot's owner, or an administrator of the realm. */
export function canAdminUser(actor: UserRow, target: UserRow): boolean {
  if (target.bot_owner_id === actor.id) return true;
  return actor.role === 'admin' && actor.realm_id === target.realm_id;
}
