import { randomBytes } from 'node:crypto';
import { avatarUrl, getUserById, maxMessageIdForUser, profileDataByUser } from '@chat/db';
import { unauthorized } from '@chat/errors';
import type { SettingsContext } from '../app';

/** GET /users/me, as Zulip 2.1's get_profile_backend plus the spec's profile_data for every caller. */
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
    is_bot: user.is_bot,
    pointer: user.pointer,
    max_message_id: await maxMessageIdForUser(ctx.db.knex, user.id),
    profile_data: (await profileDataByUser(ctx.db.knex, realmId, [user.id])).get(user.id) ?? {},
  };
}
