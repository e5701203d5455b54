import { createHash } from 'node:crypto';
import type { Executor } from '../connect';
import { isRowId, isStorableText } from '../ids';

export type Role = 'admin' | 'member' | 'guest';

/** Zulip's role numbers (feature level 59): 100 owner and 300 moderator have no users here. */
export const ROLE_CODES: Record<Role, number> = { admin: 200, member: 400, guest: 600 };

export interface UserRow {
  id: number;
  realm_id: number;
  email: string;
  delivery_email: string;
  full_name: string;
  short_name: string;
  role: Role;
  is_bot: boolean;
  bot_type: number | null;
  bot_owner_id: number | null;
  is_active: boolean;
  is_mirror_dummy: boolean;
  api_key_enc: string;
  api_key_hash: string;
  recipient_id: number | null;
  pointer: number;
  avatar_source: string;
  avatar_version: number;
  timezone: string;
  default_all_public_streams: boolean;
  settings: Record<string, unknown>;
  date_joined: Date;
}

export const BOT_TYPES = { DEFAULT: 1, INCOMING_WEBHOOK: 2, OUTGOING_WEBHOOK: 3, EMBEDDED: 4 } as const;

/** E-mail look-ups are case-insensitive, as in Zulip (ZOE@zulip.com is zoe@zulip.com). */
export async function getUserByEmail(db: Executor, realmId: number, email: string): Promise<UserRow | undefined> {
  if (!isStorableText(email)) return undefined;
  return db<UserRow>('users').where({ realm_id: realmId }).whereRaw('lower(email) = lower(?)', [email.trim()]).first();
}

export async function getUserById(db: Executor, realmId: number, userId: number): Promise<UserRow | undefined> {
  if (!isRowId(userId)) return undefined;
  return db<UserRow>('users').where({ realm_id: realmId, id: userId }).first();
}

export async function getUsersByEmails(db: Executor, realmId: number, emails: string[]): Promise<UserRow[]> {
  const wanted = emails.filter(isStorableText);
  if (wanted.length === 0) return [];
  return db<UserRow>('users')
    .where({ realm_id: realmId })
    .whereRaw('lower(email) = ANY(?)', [wanted.map((e) => e.trim().toLowerCase())]);
}

export function avatarUrl(user: Pick<UserRow, 'email' | 'avatar_source'>): string {
  return gravatarUrl(user.email);
}

/** Zulip's default avatar: Gravatar keyed by the lower-cased e-mail, identicon fallback. */
function gravatarUrl(email: string): string {
  const hash = createHash('md5').update(email.toLowerCase()).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon&version=1`;
}
