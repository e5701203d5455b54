/** The user dictionaries of Zulip 2.1: GET /users members, realm_user events, bot listings. */
import { avatarUrl, ROLE_CODES, type UserRow } from '@chat/db';
import { isoformat } from './time';

export interface FormatOptions {
  clientGravatar: boolean;
  includeCustomProfileFields: boolean;
  /** profile_data by user id (profileDataByUser in @chat/db); users without values get {}. */
  profileData?: Map<number, Record<string, unknown>>;
}

/**
 * Gravatar URLs are computable from the e-mail, so a client that says it can (client_gravatar)
 * gets null for users on the default avatar source and saves the bandwidth.
 */
export function avatarFor(user: UserRow, clientGravatar: boolean): string | null {
  return clientGravatar && user.avatar_source === 'G' ? null : avatarUrl(user);
}

/**
 * What user dicts carry beyond 2.1's: the role (level 59) and is_owner (8; no user here is an
 * owner), the avatar version (6) and the real e-mail (163).
 */
export function modernUserFields(user: UserRow): { is_owner: false; role: number; avatar_version: number; delivery_email: string | null } {
  // Zulip shows delivery_email only when the realm lets members see it; 2.1's default hides it.
  return { is_owner: false, role: ROLE_CODES[user.role], avatar_version: user.avatar_version, delivery_email: null };
}

/** Zulip's format_user_row, with is_active kept (GET /users keeps it; /register drops it). */
export function formatUserRow(user: UserRow, opts: FormatOptions): Record<string, unknown> {
  const row: Record<string, unknown> = {
    email: user.email,
    user_id: user.id,
    avatar_url: avatarFor(user, opts.clientGravatar),
    is_admin: user.role === 'admin',
    is_guest: user.role === 'guest',
    is_bot: user.is_bot,
    full_name: user.full_name,
    timezone: user.timezone,
    is_active: user.is_active,
    date_joined: isoformat(new Date(user.date_joined)),
    ...modernUserFields(user),
  };
  if (user.is_bot) {
    row.bot_type = user.bot_type;
    row.bot_owner_id = user.bot_owner_id;
  } else if (opts.includeCustomProfileFields) {
    row.profile_data = opts.profileData?.get(user.id) ?? {};
  }
  return row;
}

/** The person of a realm_user add event (Zulip's notify_created_user): bots say whose they are, people carry profile data. */
export type AddedPerson = {
  email: string;
  user_id: number;
  is_admin: boolean;
  is_owner: boolean;
  role: number;
  avatar_version: number;
  delivery_email: string | null;
  full_name: string;
  avatar_url: string;
  timezone: string;
  date_joined: string;
  is_guest: boolean;
  is_bot: boolean;
  bot_type?: number | null;
  bot_owner_id?: number | null;
  profile_data?: Record<string, unknown>;
};

export function personForAdd(user: UserRow): AddedPerson {
  const person: AddedPerson = {
    email: user.email,
    user_id: user.id,
    is_admin: user.role === 'admin',
    ...modernUserFields(user),
    full_name: user.full_name,
    avatar_url: avatarUrl(user),
    timezone: user.timezone,
    date_joined: isoformat(new Date(user.date_joined)),
    is_guest: user.role === 'guest',
    is_bot: user.is_bot,
  };
  if (user.is_bot) {
    person.bot_type = user.bot_type;
    person.bot_owner_id = user.bot_owner_id;
  } else {
    person.profile_data = {};
  }
  return person;
}
