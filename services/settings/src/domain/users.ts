/** The realm's users: list, create, deactivate, reactivate, change (Zulip's zerver/views/users.py). */
import { emailAllowedForRealm, endUserSessions, getUserByEmail, getUserById, notifyAuthChange, profileDataByUser, ROLE_CODES, writeNotices, type Executor, type Role, type UserRow } from '@chat/db';
import { ApiError, badRequest, plainError } from '@chat/errors';
import { userEventNotice, type UserEventNotice } from '@chat/events';
import type { SettingsContext } from '../app';
import { activeUserIds, botOwnerUserIds, checkFullName, isValidEmail, loadActor, requireAdmin } from './common';
import { doCreateUser, joinDefaultStreams, type CreatedUser } from './create-user';
import { formatUserRow, personForAdd } from '@chat/views';
import { botDictForEvent } from './bot-format';
import { systemGroupNotices } from './system-groups';

export async function listUsers(
  ctx: SettingsContext,
  realmId: number,
  opts: { clientGravatar: boolean; includeCustomProfileFields: boolean },
): Promise<Record<string, unknown>> {
  const users = await ctx.db.knex<UserRow>('users').where({ realm_id: realmId }).orderBy('id');
  const profileData = opts.includeCustomProfileFields ? await profileDataByUser(ctx.db.knex, realmId) : undefined;
  return { members: users.map((u) => formatUserRow(u, { ...opts, profileData })) };
}

/** GET /users/{user_id}: one member of the realm as GET /users lists it. */
export async function getUser(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  opts: { clientGravatar: boolean; includeCustomProfileFields: boolean },
): Promise<{ user: Record<string, unknown> }> {
  const user = await getUserById(ctx.db.knex, realmId, userId);
  if (!user) throw badRequest('No such user');
  const profileData = opts.includeCustomProfileFields ? await profileDataByUser(ctx.db.knex, realmId, [user.id]) : undefined;
  return { user: formatUserRow(user, { ...opts, profileData }) };
}

export interface CreateUserParams {
  email: string;
  password: string | null;
  fullName: string;
  shortName: string;
  role?: Role;
}

/**
 * Zulip's create_user_backend checks (also used by the administration command). The password is
 * hashed before the transaction opens.
 */
export async function createUser(ctx: SettingsContext, realmId: number, params: CreateUserParams): Promise<CreatedUser> {
  const fullName = checkFullName(params.fullName);
  const email = params.email.trim();
  if (!isValidEmail(email)) throw plainError('Bad name or username');
  if (!(await emailAllowedForRealm(ctx.db.knex, realmId, email))) throw plainError(`Email '${email}' not allowed in this organization`);
  if (await getUserByEmail(ctx.db.knex, realmId, email)) throw plainError(`Email '${email}' already in use`);
  const passwordHash = params.password ? await ctx.passwords.hash(params.password) : null;
  const created = await ctx.db.knex.transaction((trx) =>
    doCreateUser(ctx, trx, {
      realmId,
      email,
      fullName,
      shortName: params.shortName.trim(),
      role: params.role ?? 'member',
      passwordHash,
    }),
  );
  await joinDefaultStreams(ctx, created.user);
  return created;
}

/** POST /users: administrators only. */
export async function createUserByAdmin(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  params: CreateUserParams,
): Promise<Record<string, unknown>> {
  requireAdmin(await loadActor(ctx.db.knex, realmId, actorId));
  await createUser(ctx, realmId, { ...params, role: 'member' });
  return {};
}

/** Zulip's access_user_by_id. */
export async function accessUserById(
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

/** Zulip's UserProfile.can_admin_user: a bot's owner, or an administrator of the realm. */
export function canAdminUser(actor: UserRow, target: UserRow): boolean {
  if (target.bot_owner_id === actor.id) return true;
  return actor.role === 'admin' && actor.realm_id === target.realm_id;
}

async function humanAdminCount(db: Executor, realmId: number): Promise<number> {
  const row = await db('users').where({ realm_id: realmId, role: 'admin', is_bot: false, is_active: true }).count({ n: '*' }).first();
  return Number((row as { n: number | string }).n);
}

/** Zulip's check_last_admin: the only active human administrator. */
async function isLastAdmin(db: Executor, user: UserRow): Promise<boolean> {
  return user.role === 'admin' && !user.is_bot && (await humanAdminCount(db, user.realm_id)) === 1;
}

/**
 * Zulip's do_deactivate_user: the account, and with a human its bots, stop authenticating at once
 * (notifyAuthChange drops every process's cached key); realm_user remove goes to the realm,
 * realm_bot remove to who manages each bot.
 */
export async function doDeactivateUser(trx: Executor, target: UserRow, cascade = true): Promise<void> {
  await trx('users').where({ id: target.id }).update({ is_active: false });
  await endUserSessions(trx, target.id);
  await notifyAuthChange(trx, target.id);
  const notices: UserEventNotice[] = [
    userEventNotice(
      target.realm_id,
      { type: 'realm_user', op: 'remove', person: { email: target.email, user_id: target.id, full_name: target.full_name } },
      await activeUserIds(trx, target.realm_id),
    ),
  ];
  if (target.is_bot) {
    notices.push(
      userEventNotice(
        target.realm_id,
        { type: 'realm_bot', op: 'remove', bot: { email: target.email, user_id: target.id, full_name: target.full_name } },
        await botOwnerUserIds(trx, target),
      ),
    );
  }
  await writeNotices(trx, notices);
  if (cascade && !target.is_bot) {
    const bots = await trx<UserRow>('users').where({ bot_owner_id: target.id, is_bot: true, is_active: true });
    for (const bot of bots) await doDeactivateUser(trx, bot, false);
  }
}

/** DELETE /users/{user_id}. */
export async function deactivateUser(ctx: SettingsContext, realmId: number, actorId: number, userId: number): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    const actor = await loadActor(trx, realmId, actorId);
    requireAdmin(actor);
    const target = await accessUserById(trx, actor, userId);
    if (await isLastAdmin(trx, target)) throw plainError('Cannot deactivate the only organization administrator');
    await doDeactivateUser(trx, target);
  });
  return {};
}

function cannotDeactivateLast(isLastAdminUser: boolean): ApiError {
  const entity = isLastAdminUser ? 'organization administrator' : 'user';
  return new ApiError(`Cannot deactivate the only ${entity}.`, {
    code: 'CANNOT_DEACTIVATE_LAST_USER',
    extra: { is_last_admin: isLastAdminUser, entity },
  });
}

/** DELETE /users/me (Zulip's deactivate_user_own_backend). */
export async function deactivateOwnUser(ctx: SettingsContext, realmId: number, actorId: number): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    const actor = await loadActor(trx, realmId, actorId);
    const active = await trx('users').where({ realm_id: realmId, is_active: true }).count({ n: '*' }).first();
    if (Number((active as { n: number | string }).n) === 1) throw cannotDeactivateLast(false);
    if (await isLastAdmin(trx, actor)) throw cannotDeactivateLast(true);
    await doDeactivateUser(trx, actor);
  });
  return {};
}

/** POST /users/{user_id}/reactivate (Zulip's do_reactivate_user). */
export async function reactivateUser(ctx: SettingsContext, realmId: number, actorId: number, userId: number): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    const actor = await loadActor(trx, realmId, actorId);
    requireAdmin(actor);
    const target = await accessUserById(trx, actor, userId, { allowDeactivated: true, allowBots: true });
    if (target.is_active) return;
    await trx('users').where({ id: target.id }).update({ is_active: true });
    await notifyAuthChange(trx, target.id);
    const user = { ...target, is_active: true };
    const notices = [userEventNotice(realmId, { type: 'realm_user', op: 'add', person: personForAdd(user) }, await activeUserIds(trx, realmId))];
    if (user.is_bot) {
      const owner = user.bot_owner_id === null ? undefined : await getUserById(trx, realmId, user.bot_owner_id);
      notices.push(userEventNotice(realmId, { type: 'realm_bot', op: 'add', bot: await botDictForEvent(trx, user, owner) }, await botOwnerUserIds(trx, user)));
    }
    await writeNotices(trx, notices);
  });
  return {};
}

/**
 * A role change (Zulip's do_change_is_admin / do_change_is_guest): realm_user update events for
 * what changed; cached identities carry the role, so every process drops them.
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
    notices.push(userEventNotice(target.realm_id, { type: 'realm_user', op: 'update', person: { email: target.email, user_id: target.id, is_admin: role === 'admin' } }, recipients));
  }
  if (wasGuest !== (role === 'guest')) {
    notices.push(userEventNotice(target.realm_id, { type: 'realm_user', op: 'update', person: { email: target.email, user_id: target.id, is_guest: role === 'guest' } }, recipients));
  }
  // Today's clients read the role (feature level 59); 2.1's the flags above.
  notices.push(userEventNotice(target.realm_id, { type: 'realm_user', op: 'update', person: { user_id: target.id, role: ROLE_CODES[role] } }, recipients));
  notices.push(...(await systemGroupNotices(trx, target.realm_id, { userId: target.id, from: target.role, to: role }, recipients)));
  await writeNotices(trx, notices);
}

/** Zulip's do_change_full_name: realm_user update to the realm, realm_bot update for a bot. */
export async function doChangeFullName(trx: Executor, target: UserRow, fullName: string): Promise<void> {
  if (target.full_name === fullName) return;
  await trx('users').where({ id: target.id }).update({ full_name: fullName });
  const notices = [
    userEventNotice(target.realm_id, { type: 'realm_user', op: 'update', person: { email: target.email, user_id: target.id, full_name: fullName } }, await activeUserIds(trx, target.realm_id)),
  ];
  if (target.is_bot) {
    notices.push(userEventNotice(target.realm_id, { type: 'realm_bot', op: 'update', bot: { email: target.email, user_id: target.id, full_name: fullName } }, await botOwnerUserIds(trx, target)));
  }
  await writeNotices(trx, notices);
}

export interface UpdateUserParams {
  fullName?: string;
  isAdmin?: boolean;
  isGuest?: boolean;
}

/** PATCH /users/{user_id} (Zulip's update_user_backend). */
export async function updateUser(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  userId: number,
  params: UpdateUserParams,
): Promise<Record<string, unknown>> {
  if (params.isAdmin && params.isGuest) throw plainError('Guests cannot be organization administrators');
  const fullName = params.fullName !== undefined && params.fullName.trim() !== '' ? checkFullName(params.fullName) : undefined;
  await ctx.db.knex.transaction(async (trx) => {
    const actor = await loadActor(trx, realmId, actorId);
    requireAdmin(actor);
    let target = await accessUserById(trx, actor, userId, { allowDeactivated: true, allowBots: true });
    if (params.isAdmin !== undefined && (target.role === 'admin') !== params.isAdmin) {
      if (!params.isAdmin && (await isLastAdmin(trx, target))) throw plainError('Cannot remove the only organization administrator');
      await doChangeRole(trx, target, params.isAdmin ? 'admin' : 'member');
      target = { ...target, role: params.isAdmin ? 'admin' : 'member' };
    }
    if (params.isGuest !== undefined && (target.role === 'guest') !== params.isGuest) {
      if (params.isGuest && (await isLastAdmin(trx, target))) throw plainError('Cannot remove the only organization administrator');
      await doChangeRole(trx, target, params.isGuest ? 'guest' : 'member');
    }
    if (fullName !== undefined) await doChangeFullName(trx, target, fullName);
  });
  return {};
}
