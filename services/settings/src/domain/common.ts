/**
 * Helpers every settings operation shares: who is acting, who receives an event, Zulip's
 * permission errors and its date format.
 */
import { getUserById, type Executor, type UserRow } from '@chat/db';
import { ApiError, badRequest, unauthorized } from '@chat/errors';

/** The acting user, read again inside the transaction: the gateway's copy may be a minute old. */
export async function loadActor(db: Executor, realmId: number, userId: number): Promise<UserRow> {
  const user = await getUserById(db, realmId, userId);
  if (!user || !user.is_active) throw unauthorized('Account is deactivated');
  return user;
}

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

/** Zulip's active_user_ids: every active account of the realm, bots included. */
export async function activeUserIds(db: Executor, realmId: number): Promise<number[]> {
  const rows: { id: number }[] = await db('users').where({ realm_id: realmId, is_active: true }).orderBy('id').select('id');
  return rows.map((r) => r.id);
}

/** Zulip's bot_owner_user_ids: the realm's human administrators and the bot's owner see realm_bot events. */
export async function botOwnerUserIds(db: Executor, bot: UserRow): Promise<number[]> {
  const rows: { id: number }[] = await db('users')
    .where({ realm_id: bot.realm_id, role: 'admin', is_bot: false, is_active: true })
    .select('id');
  const ids = new Set(rows.map((r) => r.id));
  if (bot.bot_owner_id !== null) ids.add(bot.bot_owner_id);
  return [...ids].sort((a, b) => a - b);
}

export { isoformat } from '@chat/views';

/** Zulip's check_full_name (UserProfile.MIN/MAX_NAME_LENGTH and NAME_INVALID_CHARS). */
export function checkFullName(raw: string): string {
  const fullName = raw.trim();
  if (fullName.length > 100) throw badRequest('Name too long!');
  if (fullName.length < 2) throw badRequest('Name too short!');
  if (/[*`\\>"@]/.test(fullName)) throw badRequest('Invalid characters in name!');
  return fullName;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$|^[^\s@]+@[^\s@.]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}
