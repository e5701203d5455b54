/** The state /register's answer describes: its users, streams, subscriptions, unread messages and settings. */
import { pmKey } from '../features/narrow/narrow';
import { realmEmojiFrom } from './emoji';
import { clockOffset, presencesFrom, presenceSettingsFrom } from './presence';
import { arr, dict, ints, num, pairs, str, type Dict } from './read';
import { applyPolicy, byId, emptyState, topicKey } from './state-base';
import type { AppState, RecentPrivate, Stream, Subscription, UnreadEntry, User } from './types';

export function toUser(raw: Dict): User {
  return {
    user_id: num(raw.user_id),
    email: str(raw.email),
    full_name: str(raw.full_name),
    avatar_url: typeof raw.avatar_url === 'string' ? raw.avatar_url : null,
    is_bot: raw.is_bot === true,
    is_admin: raw.is_admin === true,
    is_active: raw.is_active !== false,
  };
}

export function toStream(raw: Dict): Stream {
  return { stream_id: num(raw.stream_id), name: str(raw.name), description: str(raw.description), invite_only: raw.invite_only === true };
}

export function toSubscription(raw: Dict): Subscription {
  const muted = typeof raw.is_muted === 'boolean' ? raw.is_muted : raw.in_home_view === false;
  return {
    ...toStream(raw),
    color: str(raw.color, '#c2c2c2'),
    is_muted: muted,
    in_home_view: !muted,
    pin_to_top: raw.pin_to_top === true,
    desktop_notifications: typeof raw.desktop_notifications === 'boolean' ? raw.desktop_notifications : null,
  };
}

/** The unread entries of /register's unread_msgs. */
export function unreadFromRegister(raw: unknown, selfId: number): Record<number, UnreadEntry> {
  const data = dict(raw);
  const mentions = new Set(ints(data.mentions));
  const out: Record<number, UnreadEntry> = {};
  for (const s of arr(data.streams)) {
    for (const id of ints(s.unread_message_ids)) {
      out[id] = { kind: 'stream', stream_id: num(s.stream_id), topic: str(s.topic), mentioned: mentions.has(id) };
    }
  }
  for (const pm of arr(data.pms)) {
    const other = num(pm.other_user_id, num(pm.sender_id));
    for (const id of ints(pm.unread_message_ids)) out[id] = { kind: 'private', key: pmKey([other], selfId), mentioned: mentions.has(id) };
  }
  for (const h of arr(data.huddles)) {
    const key = pmKey(str(h.user_ids_string).split(',').map(Number), selfId);
    for (const id of ints(h.unread_message_ids)) out[id] = { kind: 'private', key, mentioned: mentions.has(id) };
  }
  return out;
}

function recentFromRegister(raw: unknown, selfId: number): RecentPrivate[] {
  return arr(raw).map((c) => {
    const userIds = ints(c.user_ids);
    return { key: pmKey(userIds, selfId), user_ids: userIds.filter((id) => id !== selfId), max_message_id: num(c.max_message_id) };
  });
}

/**
 * The state /register's answer describes, received at `localNowMs`; the previous state's messages
 * and view are kept (a re-register).
 */
export function stateFromRegister(
  register: Dict,
  self: { user_id: number; email: string },
  previous?: AppState,
  localNowMs = Date.now(),
): AppState {
  const base = previous ?? emptyState();
  const users = byId(arr(register.realm_users).map(toUser), (u) => u.user_id);
  for (const bot of arr(register.realm_non_active_users)) {
    const user = toUser(bot);
    users[user.user_id] = { ...user, is_active: false };
  }
  const subs = byId(arr(register.subscriptions).map(toSubscription), (s) => s.stream_id);
  const streams = byId(arr(register.streams).map(toStream), (s) => s.stream_id);
  for (const sub of Object.values(subs))
    streams[sub.stream_id] ??= { stream_id: sub.stream_id, name: sub.name, description: sub.description, invite_only: sub.invite_only };
  const userTopics: Record<string, number> = {};
  for (const t of arr(register.user_topics)) userTopics[topicKey(num(t.stream_id), str(t.topic_name))] = num(t.visibility_policy);
  for (const m of pairs(register.muted_topics)) {
    const stream = Object.values(streams).find((s) => s.name === m[0]);
    if (stream) userTopics[topicKey(stream.stream_id, m[1])] = 1;
  }
  const selfId = self.user_id;
  return {
    ...base,
    selfId,
    selfEmail: self.email,
    realmName: str(register.realm_name, base.realmName),
    realmIconUrl: str(register.realm_icon_url, base.realmIconUrl),
    messagePolicy: applyPolicy(base.messagePolicy, {
      allow_message_editing: register.realm_allow_message_editing,
      message_content_edit_limit_seconds: register.realm_message_content_edit_limit_seconds,
      allow_message_deleting: register.realm_allow_message_deleting,
      message_content_delete_limit_seconds: register.realm_message_content_delete_limit_seconds,
    }),
    users,
    streams,
    subs,
    unread: unreadFromRegister(register.unread_msgs, selfId),
    userTopics,
    presence: presencesFrom(register.presences),
    realmEmoji: register.realm_emoji === undefined ? base.realmEmoji : realmEmojiFrom(register.realm_emoji),
    serverOffset: clockOffset(register.server_timestamp, localNowMs, base.serverOffset),
    presenceSettings: presenceSettingsFrom(register),
    typing: [],
    recentPrivate: recentFromRegister(register.recent_private_conversations, selfId),
    settings: dict(register.user_settings),
    maxMessageId: num(register.max_message_id, -1),
  };
}
