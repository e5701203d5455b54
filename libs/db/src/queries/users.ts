import { createHash } from 'node:crypto';
import type { Executor } from '../connect';
import { isRowId, isStorableText } from '../ids';
import type { Role } from '../roles';

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

/** What an avatar's URL is computed from. */
export type AvatarFields = Pick<UserRow, 'id' | 'realm_id' | 'email' | 'avatar_source' | 'avatar_version'>;

/** Zulip's DEFAULT_AVATAR_SIZE and MEDIUM_AVATAR_SIZE: the two squares an uploaded avatar is kept as. */
export const AVATAR_SIZES = { small: 100, medium: 500 } as const;

/**
 * The storage key of a user's uploaded avatar at a version, without its `.png` / `-medium.png`
 * ending (Zulip's user_avatar_path: the realm, then a hash, so the file name says nothing of who
 * it is). The version is hashed in too: a new upload never overwrites the files the committed
 * row points at, so a failed change leaves the old avatar whole and a URL's bytes never change.
 * Unlike Zulip's, the hash has no secret salt: avatars are served without login (they appear in
 * e-mails and notifications), and every member can read every avatar URL anyway.
 */
export function userAvatarPath(user: Pick<UserRow, 'id' | 'realm_id' | 'avatar_version'>): string {
  return `${user.realm_id}/${createHash('sha1').update(`user-avatar:${user.id}:${user.avatar_version}`).digest('hex')}`;
}

/** The stored files of an uploaded avatar: the small square, then the medium one. */
export function userAvatarKeys(user: Pick<UserRow, 'id' | 'realm_id' | 'avatar_version'>): [string, string] {
  const path = userAvatarPath(user);
  return [`${path}.png`, `${path}-medium.png`];
}

/**
 * Zulip's avatar_url: an uploaded avatar ('U') where /user_avatars serves it (the medium one for
 * `medium`), versioned so a changed avatar is a new URL; else the Gravatar of the e-mail.
 */
export function avatarUrl(user: AvatarFields, medium = false): string {
  if (user.avatar_source === 'U') {
    return `/user_avatars/${userAvatarKeys(user)[medium ? 1 : 0]}?version=${user.avatar_version}`;
  }
  return medium ? `${gravatarUrl(user.email)}&s=${AVATAR_SIZES.medium}` : gravatarUrl(user.email);
}

/** Zulip's default avatar: Gravatar keyed by the lower-cased e-mail, identicon fallback. */
function gravatarUrl(email: string): string {
  const hash = createHash('md5').update(email.toLowerCase()).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon&version=1`;
}
