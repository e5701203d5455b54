/** Who makes a request, as the service needs it, and the one rule that needs nothing else. */
import { ApiError } from '@chat/errors';
import type { Role } from '@chat/db';
import type { UserIdentity } from '@chat/http';

export type Caller = Pick<UserIdentity, 'userId' | 'realmId' | 'email' | 'fullName' | 'isAdmin' | 'isModerator' | 'isGuest' | 'isBot'>;

/** The caller's role, which realm policies are weighed against. */
export function callerRole(caller: Caller): Role {
  if (caller.isAdmin) return 'admin';
  if (caller.isModerator) return 'moderator';
  return caller.isGuest ? 'guest' : 'member';
}

/** Zulip's require_realm_admin (OrganizationAdministratorRequired). */
export function requireAdmin(caller: Caller): void {
  if (!caller.isAdmin) throw new ApiError('Must be an organization administrator', { code: 'UNAUTHORIZED_PRINCIPAL' });
}
