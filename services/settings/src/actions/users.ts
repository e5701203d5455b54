/** The realm's users: create and change (Zulip's zerver/views/users.py and its do_* actions); user-activation.ts deactivates. */
import {
  emailAllowedForRealm,
  getUserByEmail,
  notifyAuthChange,
  OWNER_ROLE_CODE,
  ROLE_CODES,
  roleOfCode,
  writeNotices,
  type Executor,
  type Role,
  type UserRow,
} from '@chat/db';
import { requestFollowUp, type HeldFollowUp } from '@chat/dispatch';
import { settleFollowUps } from '@chat/runtime';
import { followUps } from '@chat/contracts';
import { ApiError, badRequest, plainError } from '@chat/errors';
import { userEventNotice, type UserEventNotice } from '@chat/events';
import type { SettingsContext } from '../deps';
import { checkFullName, isValidEmail } from '../lib/accounts';
import { requireAdmin } from '../lib/permissions';
import { loadActor } from '../queries/actor';
import { activeUserIds, botOwnerUserIds } from '../queries/audiences';
import { isLastAdmin } from '../queries/users';
import { doCreateUser, type CreatedUser } from './create-user';
import { systemGroupNotices } from './system-groups';
import { checkAdminAccess } from './user-access';

export interface CreateUserParams {
  email: string;
  password: string | null;
  fullName: string;
  shortName: string;
  role?: Role;
}

/** Zulip's create_user_backend checks: the name and the address the account gets. */
async function checkCreateUser(
  ctx: SettingsContext,
  realmId: number,
  params: CreateUserParams,
): Promise<{ email: string; fullName: string }> {
  const fullName = checkFullName(params.fullName);
  const email = params.email.trim();
  if (!isValidEmail(email)) throw plainError('Bad name or username');
  if (!(await emailAllowedForRealm(ctx.db.knex, realmId, email))) throw plainError(`Email '${email}' not allowed in this organization`);
  if (await getUserByEmail(ctx.db.knex, realmId, email)) throw plainError(`Email '${email}' already in use`);
  return { email, fullName };
}

/**
 * An account with create_user_backend's checks (also used by the administration command): the
 * password is hashed before the transaction opens; joining the default streams is a follow-up the
 * subscription service works once the account committed, even if it was down at that moment.
 */
export async function createUser(ctx: SettingsContext, realmId: number, params: CreateUserParams): Promise<CreatedUser> {
  const { email, fullName } = await checkCreateUser(ctx, realmId, params);
  const passwordHash = params.password ? await ctx.passwords.hash(params.password) : null;
  const held: HeldFollowUp[] = [];
  const created = await ctx.db.knex.transaction(async (trx) => {
    const made = await doCreateUser(ctx, trx, {
      realmId,
      email,
      fullName,
      shortName: params.shortName.trim(),
      role: params.role ?? 'member',
      passwordHash,
    });
    await requestFollowUp(trx, followUps.joinDefaultStreams, { realmId, userId: made.user.id }, held);
    return made;
  });
  // Joined before the answer when the subscription service is up, so the new user's first
  // /register already lists the streams; otherwise the jobs do it when it is back.
  await settleFollowUps({ db: ctx.db.knex, internal: ctx.internal, logger: ctx.logger }, held);
  return created;
}

/** POST /users: administrators only. */
export async function doCreateUserByAdmin(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  params: CreateUserParams,
): Promise<Record<string, unknown>> {
  requireAdmin(await loadActor(ctx.db.knex, realmId, actorId));
  await createUser(ctx, realmId, { ...params, role: 'member' });
  return {};
}

/**
 * A role change (Zulip's do_change_user_role): the realm_user update with the role, and 2.1's
 * is_admin / is_guest updates when those changed; the user moves between system groups. Cached
 * identities carry the role, so every process drops them.
 */
export async function doChangeRole(trx: Executor, target: UserRow, role: Role): Promise<void> {
  if (target.role === role) return;
  await trx('users').where({ id: target.id }).update({ role });
  await notifyAuthChange(trx, target.id);
  const recipients = await activeUserIds(trx, target.realm_id);
  const notices: UserEventNotice[] = [];
  const wasAdmin = target.role === 'admin';
  const wasGuest = target.role === 'guest';
  if (wasAdmin !== (role === 'admin')) {
    notices.push(
      userEventNotice(
        target.realm_id,
        { type: 'realm_user', op: 'update', person: { email: target.email, user_id: target.id, is_admin: role === 'admin' } },
        recipients,
      ),
    );
  }
  if (wasGuest !== (role === 'guest')) {
    notices.push(
      userEventNotice(
        target.realm_id,
        { type: 'realm_user', op: 'update', person: { email: target.email, user_id: target.id, is_guest: role === 'guest' } },
        recipients,
      ),
    );
  }
  // Today's clients read the role (feature level 59); 2.1's the flags above.
  notices.push(
    userEventNotice(
      target.realm_id,
      { type: 'realm_user', op: 'update', person: { user_id: target.id, role: ROLE_CODES[role] } },
      recipients,
    ),
  );
  notices.push(...(await systemGroupNotices(trx, target.realm_id, { userId: target.id, from: target.role, to: role }, recipients)));
  await writeNotices(trx, notices);
}

/** Zulip's do_change_full_name: realm_user update to the realm, realm_bot update for a bot. */
export async function doChangeFullName(trx: Executor, target: UserRow, fullName: string): Promise<void> {
  if (target.full_name === fullName) return;
  await trx('users').where({ id: target.id }).update({ full_name: fullName });
  const notices = [
    userEventNotice(
      target.realm_id,
      { type: 'realm_user', op: 'update', person: { email: target.email, user_id: target.id, full_name: fullName } },
      await activeUserIds(trx, target.realm_id),
    ),
  ];
  if (target.is_bot) {
    notices.push(
      userEventNotice(
        target.realm_id,
        { type: 'realm_bot', op: 'update', bot: { email: target.email, user_id: target.id, full_name: fullName } },
        await botOwnerUserIds(trx, target),
      ),
    );
  }
  await writeNotices(trx, notices);
}

export interface UpdateUserParams {
  fullName?: string;
  /** Zulip's role number (feature level 7); when given, 2.1's is_admin and is_guest are not read. */
  role?: number;
  isAdmin?: boolean;
  isGuest?: boolean;
}

/**
 * The role asked for: Zulip's role number, else what 2.1's flags make of the target's.
 * Owners do not exist here: asking for one takes an owner (Zulip's OrganizationOwnerRequiredError),
 * which nobody is.
 */
function requestedRole(target: UserRow, params: UpdateUserParams): Role {
  if (params.role !== undefined) {
    if (params.role === OWNER_ROLE_CODE) throw new ApiError('Must be an organization owner', { code: 'UNAUTHORIZED_PRINCIPAL' });
    const role = roleOfCode(params.role);
    if (role === undefined) throw badRequest('Invalid role');
    return role;
  }
  let role = target.role;
  if (params.isAdmin !== undefined && (role === 'admin') !== params.isAdmin) role = params.isAdmin ? 'admin' : 'member';
  if (params.isGuest !== undefined && (role === 'guest') !== params.isGuest) role = params.isGuest ? 'guest' : 'member';
  return role;
}

/** update_user_backend's checks of the request alone: a consistent role, a valid name. */
function checkUpdateUser(params: UpdateUserParams): { fullName: string | undefined } {
  if (params.role === undefined && params.isAdmin && params.isGuest) throw plainError('Guests cannot be organization administrators');
  return { fullName: params.fullName !== undefined && params.fullName.trim() !== '' ? checkFullName(params.fullName) : undefined };
}

/**
 * PATCH /users/{user_id} (Zulip's update_user_backend): the role, then the name. The realm keeps
 * an administrator: with no owners here, the last one takes the place of Zulip's last owner.
 */
export async function doUpdateUser(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  userId: number,
  params: UpdateUserParams,
): Promise<Record<string, unknown>> {
  const { fullName } = checkUpdateUser(params);
  await ctx.db.knex.transaction(async (trx) => {
    let target = await checkAdminAccess(trx, realmId, actorId, userId, { allowDeactivated: true, allowBots: true });
    const role = requestedRole(target, params);
    if (role !== target.role) {
      if (await isLastAdmin(trx, target)) throw plainError('Cannot remove the only organization administrator');
      await doChangeRole(trx, target, role);
      target = { ...target, role };
    }
    if (fullName !== undefined) await doChangeFullName(trx, target, fullName);
  });
  return {};
}
