import { randomBytes } from 'node:crypto';
import { avatarUrl, getUserById, maxMessageIdForUser, profileDataByUser } from '@chat/db';
import { unauthorized } from '@chat/errors';
import { isoformat, modernUserFields } from '@chat/views';
import type { SettingsContext } from '../deps';

/**
 * GET /users/me, as Zulip 2.1's get_profile_backend plus the spec's profile_data for every caller,
 * and the user fields later levels added (role, avatar_version, timezone, date_joined, ...: the
 * user as GET /users/{id} shows it; 2.1's client_id, short_name and pointer are kept).
 */
export async function getOwnProfile(ctx: SettingsContext, realmId: number, userId: number): Promise<Record<string, unknown>> {
  const user = await getUserById(ctx.db.knex, realmId, userId);
  if (!user) throw unauthorized('Invalid API key');
  return {
    // A fresh id per call, as Zulip's generate_client_id; clients use it to tag their session.
    client_id: randomBytes(16).toString('hex'),
    email: user.email,
    full_name: user.full_name,
    short_name: user.short_name,
    user_id: user.id,
    avatar_url: avatarUrl(user),
    is_admin: user.role === 'admin',
    is_guest: user.role === 'guest',
    is_bot: user.is_bot,
    is_active: user.is_active,
    timezone: user.timezone,
    date_joined: isoformat(new Date(user.date_joined)),
    ...modernUserFields(user),
    // One's own real address is always one's to see.
    delivery_email: user.delivery_email,
    pointer: user.pointer,
    max_message_id: await maxMessageIdForUser(ctx.db.knex, user.id),
    profile_data: (await profileDataByUser(ctx.db.knex, realmId, [user.id])).get(user.id) ?? {},
  };
}
