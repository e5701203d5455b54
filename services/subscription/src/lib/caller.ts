/** Who makes a request, as the service needs it, and the one rule that needs nothing else. */
import { ApiError } from '@chat/errors';
import type { UserIdentity } from '@chat/http';

export type Caller = Pick<UserIdentity, 'userId' | 'realmId' | 'email' | 'fullName' | 'isAdmin' | 'isGuest' | 'isBot'>;

/** Zulip's require_realm_admin (OrganizationAdministratorRequired). */
export function requireAdmin(caller: Caller): void {
  if (!caller.isAdmin) throw new ApiError('Must be an organization administrator', { code: 'UNAUTHORIZED_PRINCIPAL' });
}
