/** realm_user's initial state (Zulip's fetch_initial_state_data, 'realm_user'). */
import { avatarUrl, getRealm, isModerator, POLICY, profileDataByUser, roleMeetsPolicy, type Executor, type UserRow } from '@chat/db';
import { formatUserRow } from '@chat/views';
import type { RealmWidePieces } from './realm-cache';

export interface StateContext {
  db: Executor;
  user: UserRow;
  clientGravatar: boolean;
  includeSubscribers: boolean;
  /** Subscriptions' notification settings stay null when inherited (the client's capability). */
  notificationSettingsNull: boolean;
  /** Archived streams appear in the subscription lists (the client's `archived_channels`). */
  archivedChannels: boolean;
  /** The realm-wide pieces for this snapshot's realm state version. */
  realmWide: RealmWidePieces;
}

function registerUserDict(
  user: UserRow,
  clientGravatar: boolean,
  profileData?: Map<number, Record<string, unknown>>,
): Record<string, unknown> {
  // /register's user dicts are GET /users' without is_active (Zulip post-processes raw_users).
  const { is_active: _active, ...dict } = formatUserRow(user, { clientGravatar, includeCustomProfileFields: !user.is_bot, profileData });
  if (user.is_bot) dict.is_cross_realm_bot = false;
  return dict;
}

/** The realm's user lists: the same for every member, in two variants (client_gravatar or not). */
async function realmUserLists(db: Executor, realmId: number, clientGravatar: boolean): Promise<Record<string, unknown>> {
  const users: UserRow[] = await db('users').where({ realm_id: realmId }).orderBy('id');
  const profileData = await profileDataByUser(db, realmId);
  return {
    realm_users: users.filter((u) => u.is_active).map((u) => registerUserDict(u, clientGravatar, profileData)),
    realm_non_active_users: users.filter((u) => !u.is_active).map((u) => registerUserDict(u, clientGravatar, profileData)),
  };
}

/** Whether the user's role meets one of the realm's policies (members only where it set none). */
async function policyCheck(db: Executor, user: UserRow): Promise<(key: string) => boolean> {
  const settings = (await getRealm(db, user.realm_id))?.settings ?? {};
  return (key) => roleMeetsPolicy(user.role, Number(settings[key] ?? POLICY.MEMBERS_ONLY));
}

export async function realmUserState(ctx: StateContext): Promise<Record<string, unknown>> {
  const { user } = ctx;
  const isAdmin = user.role === 'admin';
  const mayBy = await policyCheck(ctx.db, user);
  const lists = await ctx.realmWide.get(`realm_users:${ctx.clientGravatar}`, () =>
    realmUserLists(ctx.db, user.realm_id, ctx.clientGravatar),
  );
  return {
    ...lists,
    avatar_source: user.avatar_source,
    avatar_url_medium: avatarUrl(user, true),
    avatar_url: avatarUrl(user),
    can_create_streams: mayBy('create_stream_policy'),
    can_subscribe_other_users: mayBy('invite_to_stream_policy'),
    cross_realm_bots: [],
    is_admin: isAdmin,
    // No owners here (feature level 11); moderators from feature level 60.
    is_owner: false,
    is_moderator: isModerator(user.role),
    is_guest: user.role === 'guest',
    user_id: user.id,
    enter_sends: user.settings?.enter_sends === true,
    email: user.email,
    delivery_email: user.delivery_email,
    full_name: user.full_name,
  };
}
