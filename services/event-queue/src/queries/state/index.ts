/**
 * The initial state /register returns for each wanted event type (Zulip's
 * fetch_initial_state_data), read in the caller's transaction: registerQueue holds one
 * REPEATABLE READ snapshot for all of it and fences the queue with that snapshot.
 * `wanted` null means every type.
 */
import type { Knex } from 'knex';
import { ZULIP_VERSION_KEYS } from '@chat/config';
import {
  alertWordsOf,
  getUserById,
  maxMessageIdForUser,
  mutedUsersOf,
  profileFieldTypesDict,
  realmDomainsOf,
  realmProfileFields,
  TOPIC_VISIBILITY,
  userGroupsInRealm,
} from '@chat/db';
import type { ClientCapability } from '@chat/events';
import {
  defaultStreamGroupDicts,
  EMOJISET_CHOICES,
  NOTIFICATION_SOUNDS,
  displaySettings,
  notificationSettings,
  userSettingsObject,
} from '@chat/views';
import { apiKeyCipherFor, realmBotsState } from './bots';
import { staticState } from './catalogues';
import { withEmptyTopicDisplayName } from './empty-topic';
import { recentPrivateConversations } from './private-conversations';
import { presenceState, userStatusState } from './presence';
import { UNCACHED, type RealmWidePieces } from './realm-cache';
import { realmEmojiState, realmFiltersState, realmState, type ServerFacts } from './realm';
import { defaultStreamsState, mutedTopicsState, streamState, subscriptionState, userTopicsState } from './streams';
import { unreadMsgs, type MuteState } from './unread';
import { realmUserState, type StateContext } from './users';

export interface StateRequest {
  userId: number;
  realmId: number;
  wanted: string[] | null;
  clientGravatar: boolean;
  includeSubscribers: boolean;
  capabilities: readonly ClientCapability[];
  slimPresence: boolean;
  server: ServerFacts;
  /** API_KEY_SECRET: realm_bots carries each bot's key in clear, as GET /bots does. */
  apiKeySecret: string;
}

/**
 * `realmWide` serves the pieces every member of the realm is shown alike (./realm-cache.ts); it
 * must be the one for the version this transaction's snapshot reads. Per-user pieces, presence
 * and user_status (which change all the time) are always read here.
 */
export async function fetchInitialState(
  db: Knex | Knex.Transaction,
  request: StateRequest,
  realmWide: RealmWidePieces = UNCACHED,
): Promise<Record<string, unknown>> {
  const want = (type: string) => request.wanted === null || request.wanted.includes(type);
  const user = await getUserById(db, request.realmId, request.userId);
  if (!user) return {};
  const ctx: StateContext = {
    db,
    user,
    clientGravatar: request.clientGravatar,
    includeSubscribers: request.includeSubscribers,
    notificationSettingsNull: request.capabilities.includes('notification_settings_null'),
    archivedChannels: request.capabilities.includes('archived_channels'),
    realmWide,
  };
  const realmId = user.realm_id;
  // Every register says which API it speaks, whatever was asked for (Zulip from feature level 3).
  const state: Record<string, unknown> = { ...ZULIP_VERSION_KEYS };
  // A client with user_settings_object reads personal settings only from user_settings.
  const legacySettings = !request.capabilities.includes('user_settings_object');
  if (want('alert_words')) state.alert_words = await alertWordsOf(db, user.id);
  if (want('custom_profile_fields')) {
    state.custom_profile_fields = await realmWide.get('custom_profile_fields', () => realmProfileFields(db, realmId));
    state.custom_profile_field_types = profileFieldTypesDict();
  }
  if (want('message')) state.max_message_id = await maxMessageIdForUser(db, user.id);
  // Zulip leaves muted_topics out for a client that names user_topic: it reads that instead.
  if (want('muted_topics') && !request.wanted?.includes('user_topic')) Object.assign(state, await mutedTopicsState(ctx));
  if (want('user_topic')) Object.assign(state, await userTopicsState(ctx));
  if (want('pointer')) state.pointer = user.pointer;
  if (want('presence')) Object.assign(state, await presenceState(db, user.realm_id, request.slimPresence));
  if (want('realm')) Object.assign(state, await realmWide.get('realm', () => realmState(db, realmId, request.server)));
  if (want('realm_domains')) state.realm_domains = await realmWide.get('realm_domains', () => realmDomainsOf(db, realmId));
  if (want('realm_emoji')) Object.assign(state, await realmWide.get('realm_emoji', () => realmEmojiState(db, realmId)));
  if (want('realm_filters')) Object.assign(state, await realmWide.get('realm_filters', () => realmFiltersState(db, realmId)));
  if (want('realm_user')) Object.assign(state, await realmUserState(ctx));
  if (want('realm_user_groups')) state.realm_user_groups = await realmWide.get('realm_user_groups', () => userGroupsInRealm(db, realmId));
  if (want('subscription')) Object.assign(state, await subscriptionState(ctx, request.server.externalHost));
  // Zulip sends unread_msgs only when both message and update_message_flags are wanted.
  if (want('message') && want('update_message_flags')) state.unread_msgs = await unreadMsgs(db, user.id, await muteState(db, user.id));
  if (want('starred_messages')) state.starred_messages = await starredMessages(db, user.id);
  if (want('stream')) Object.assign(state, await streamState(ctx));
  if (want('default_streams')) Object.assign(state, await defaultStreamsState(ctx));
  if (want('default_stream_groups'))
    state.realm_default_stream_groups = await realmWide.get('realm_default_stream_groups', () => defaultStreamGroupDicts(db, realmId));
  if (want('muted_users')) state.muted_users = await mutedUsersOf(db, user.id);
  if (want('update_display_settings') && legacySettings)
    Object.assign(state, displaySettings(user), { emojiset_choices: EMOJISET_CHOICES });
  if (want('update_global_notifications') && legacySettings) {
    Object.assign(state, notificationSettings(user), { available_notification_sounds: NOTIFICATION_SOUNDS });
  }
  if (want('user_settings')) state.user_settings = userSettingsObject(user);
  if (want('user_status')) Object.assign(state, await userStatusState(db, user.realm_id));
  // Per user (an administrator sees all, others their own): read here, never cached realm-wide.
  if (want('realm_bot')) state.realm_bots = await realmBotsState(db, user, apiKeyCipherFor(request.apiKeySecret));
  if (want('recent_private_conversations')) state.recent_private_conversations = await recentPrivateConversations(db, user);
  Object.assign(state, staticState(want));
  if (!request.capabilities.includes('empty_topic_name')) withEmptyTopicDisplayName(state);
  return state;
}

async function starredMessages(db: Knex | Knex.Transaction, userId: number): Promise<number[]> {
  const rows: { message_id: number }[] = await db('user_messages')
    .where({ user_id: userId })
    .whereRaw('(flags & 2) <> 0')
    .orderBy('message_id')
    .select('message_id');
  return rows.map((r) => r.message_id);
}

async function muteState(db: Knex | Knex.Transaction, userId: number): Promise<MuteState> {
  const muted: { stream_id: number }[] = await db('subscriptions')
    .where({ user_id: userId, active: true, is_muted: true })
    .select('stream_id');
  const topics: { stream_id: number; topic_name: string; visibility_policy: number }[] = await db('muted_topics')
    .where({ user_id: userId })
    .select('stream_id', 'topic_name', 'visibility_policy');
  const keys = (policies: number[]) =>
    new Set(topics.filter((t) => policies.includes(t.visibility_policy)).map((t) => `${t.stream_id}:${t.topic_name.toLowerCase()}`));
  const huddles: { recipient_id: number; user_ids: number[] }[] = await db('huddles')
    .whereRaw('? = ANY(user_ids)', [userId])
    .select('recipient_id', 'user_ids');
  const members = new Map(huddles.map((h) => [h.recipient_id, h.user_ids]));
  return {
    mutedStreamIds: new Set(muted.map((m) => m.stream_id)),
    mutedTopics: keys([TOPIC_VISIBILITY.MUTED]),
    unmutedTopics: keys([TOPIC_VISIBILITY.UNMUTED, TOPIC_VISIBILITY.FOLLOWED]),
    huddleMembers: (recipientId) => members.get(recipientId),
  };
}
