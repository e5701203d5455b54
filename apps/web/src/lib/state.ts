/**
 * The client's state and how the server's events change it: `stateFromRegister` builds it from
 * /register's answer, `applyEvent` applies one event (a pure function: it returns a new state and
 * keeps every untouched part, so views re-render only what changed).
 */
import { matchesNarrow, messagePmKey, pmKey } from './narrow';
import { realmEmojiFrom } from './emoji';
import { applyPresenceEvent, clockOffset, DEFAULT_PRESENCE, presencesFrom, presenceSettingsFrom } from './presence';
import type { EventMap, EventType } from '@chat/events';
import type {
  AppState,
  Message,
  MessageDict,
  MessageFlag,
  MessagePolicy,
  Narrow,
  Reaction,
  RecentPrivate,
  ServerEvent,
  Stream,
  Subscription,
  UnreadEntry,
  User,
} from './types';

type Dict = Record<string, unknown>;

export const topicKey = (streamId: number, topic: string) => `${streamId}:${topic.toLowerCase()}`;

export function emptyState(): AppState {
  return {
    selfId: 0,
    selfEmail: '',
    realmName: '',
    realmIconUrl: '',
    messagePolicy: { allowEditing: true, editLimitSeconds: 600, allowDeleting: false, deleteLimitSeconds: 0 },
    users: {},
    streams: {},
    subs: {},
    messages: {},
    unread: {},
    userTopics: {},
    presence: {},
    realmEmoji: {},
    serverOffset: 0,
    presenceSettings: { ...DEFAULT_PRESENCE },
    typing: [],
    recentPrivate: [],
    settings: {},
    maxMessageId: -1,
    view: { narrow: [], ids: [], foundOldest: false, foundNewest: false },
  };
}

/** The realm's edit and delete settings, from /register (realm_ prefix dropped) or a realm event. */
function applyPolicy(policy: MessagePolicy, values: Dict): MessagePolicy {
  const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
  const int = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  return {
    allowEditing: bool(values.allow_message_editing, policy.allowEditing),
    editLimitSeconds: int(values.message_content_edit_limit_seconds, policy.editLimitSeconds),
    allowDeleting: bool(values.allow_message_deleting, policy.allowDeleting),
    deleteLimitSeconds: int(values.message_content_delete_limit_seconds, policy.deleteLimitSeconds),
  };
}

/**
 * What the viewer may do to a message, as Zulip 2.1 decides it: edit their own within the
 * realm's limit when editing is on; delete any as an administrator, their own when deleting is
 * on, within its limit.
 */
export function messageActions(state: AppState, message: Message, nowSeconds: number): { edit: boolean; delete: boolean } {
  const mine = message.sender_id === state.selfId;
  const age = nowSeconds - message.timestamp;
  const within = (limit: number) => limit === 0 || age < limit;
  const { allowEditing, editLimitSeconds, allowDeleting, deleteLimitSeconds } = state.messagePolicy;
  const admin = state.users[state.selfId]?.is_admin === true;
  return {
    edit: mine && allowEditing && within(editLimitSeconds),
    delete: admin || (mine && allowDeleting && within(deleteLimitSeconds)),
  };
}

const arr = (value: unknown): Dict[] => (Array.isArray(value) ? (value as Dict[]) : []);
const num = (value: unknown, fallback = 0): number => (typeof value === 'number' ? value : fallback);
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

function toUser(raw: Dict): User {
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

function toStream(raw: Dict): Stream {
  return { stream_id: num(raw.stream_id), name: str(raw.name), description: str(raw.description), invite_only: raw.invite_only === true };
}

function toSubscription(raw: Dict): Subscription {
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

function byId<T>(items: T[], id: (item: T) => number): Record<number, T> {
  const out: Record<number, T> = {};
  for (const item of items) out[id(item)] = item;
  return out;
}

/** The unread entries of /register's unread_msgs. */
export function unreadFromRegister(raw: unknown, selfId: number): Record<number, UnreadEntry> {
  const data = (raw ?? {}) as Dict;
  const mentions = new Set(arr(data.mentions) as unknown as number[]);
  const out: Record<number, UnreadEntry> = {};
  for (const s of arr(data.streams)) {
    for (const id of s.unread_message_ids as number[]) {
      out[id] = { kind: 'stream', stream_id: num(s.stream_id), topic: str(s.topic), mentioned: mentions.has(id) };
    }
  }
  for (const pm of arr(data.pms)) {
    const other = num(pm.other_user_id, num(pm.sender_id));
    for (const id of pm.unread_message_ids as number[])
      out[id] = { kind: 'private', key: pmKey([other], selfId), mentioned: mentions.has(id) };
  }
  for (const h of arr(data.huddles)) {
    const key = pmKey(str(h.user_ids_string).split(',').map(Number), selfId);
    for (const id of h.unread_message_ids as number[]) out[id] = { kind: 'private', key, mentioned: mentions.has(id) };
  }
  return out;
}

function recentFromRegister(raw: unknown, selfId: number): RecentPrivate[] {
  return arr(raw).map((c) => {
    const userIds = (c.user_ids as number[]) ?? [];
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
  for (const sub of Object.values(subs)) streams[sub.stream_id] ??= toStream(sub as unknown as Dict);
  const userTopics: Record<string, number> = {};
  for (const t of arr(register.user_topics)) userTopics[topicKey(num(t.stream_id), str(t.topic_name))] = num(t.visibility_policy);
  for (const m of arr(register.muted_topics) as unknown as [string, string][]) {
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
    settings: (register.user_settings as Dict | undefined) ?? {},
    maxMessageId: num(register.max_message_id, -1),
  };
}

/** A message of GET /messages: the message dict with the user's flags in it. */
export type FetchedMessage = MessageDict & { flags: MessageFlag[] };

/** A message dict from the server (GET /messages or a message event) as the client keeps it. */
export function toMessage(dict: MessageDict, flags: MessageFlag[] = []): Message {
  const kept = {
    id: dict.id,
    subject: dict.subject,
    sender_id: dict.sender_id,
    sender_email: dict.sender_email,
    sender_full_name: dict.sender_full_name,
    avatar_url: dict.avatar_url,
    timestamp: dict.timestamp,
    content: dict.content,
    reactions: dict.reactions.map(({ emoji_name, emoji_code, reaction_type, user_id }) => ({
      emoji_name,
      emoji_code,
      reaction_type,
      user_id,
    })),
    last_edit_timestamp: dict.last_edit_timestamp,
    flags,
  };
  if (dict.type === 'stream') return { ...kept, type: 'stream', stream_id: dict.stream_id, display_recipient: dict.display_recipient };
  const members = dict.display_recipient.map(({ id, email, full_name }) => ({ id, email, full_name }));
  return { ...kept, type: 'private', display_recipient: members };
}

function unreadEntryOf(message: Message, selfId: number): UnreadEntry {
  const mentioned = message.flags.includes('mentioned') || message.flags.includes('wildcard_mentioned');
  return message.type === 'stream'
    ? { kind: 'stream', stream_id: message.stream_id, topic: message.subject, mentioned }
    : { kind: 'private', key: messagePmKey(message, selfId), mentioned };
}

function sortedUnion(a: number[], b: number[]): number[] {
  if (b.length === 0) return a;
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

/** Messages fetched for the open view (or the same narrow after a reconnect), merged by id. */
export function mergeFetched(
  state: AppState,
  narrow: Narrow,
  fetched: FetchedMessage[],
  found: { foundOldest?: boolean; foundNewest?: boolean; replace?: boolean },
): AppState {
  const messages = { ...state.messages };
  const ids: number[] = [];
  for (const dict of fetched) {
    const message = toMessage(dict, dict.flags);
    messages[message.id] = message;
    ids.push(message.id);
  }
  const same = !found.replace && state.view.narrow === narrow;
  const foundNewest = found.foundNewest ?? (same ? state.view.foundNewest : false);
  const view = {
    narrow,
    ids: sortedUnion(same ? state.view.ids : [], foundNewest ? [...ids, ...arrivedDuringFetch(state, narrow, ids)] : ids),
    foundOldest: found.foundOldest ?? (same ? state.view.foundOldest : false),
    foundNewest,
  };
  return { ...state, messages, view };
}

/**
 * Messages of the narrow that came by event while the fetch was in flight and are newer than what
 * it read: the view was not at the newest then (it is reset while a narrow loads), so
 * applyMessage kept them out of it, and the fetch, read before they were sent, does not have them.
 */
function arrivedDuringFetch(state: AppState, narrow: Narrow, fetched: number[]): number[] {
  const newest = fetched.reduce((max, id) => Math.max(max, id), 0);
  const streamName = (id: number) => state.streams[id]?.name;
  return Object.values(state.messages)
    .filter((m) => m.id > newest && matchesNarrow(m, narrow, state.selfId, streamName) === true)
    .map((m) => m.id);
}

function mapMessages(state: AppState, ids: number[], change: (m: Message) => Message): Record<number, Message> {
  let messages = state.messages;
  for (const id of ids) {
    const message = messages[id];
    if (!message) continue;
    if (messages === state.messages) messages = { ...messages };
    messages[id] = change(message);
  }
  return messages;
}

function removeIds<T>(record: Record<number, T>, ids: number[]): Record<number, T> {
  if (!ids.some((id) => id in record)) return record;
  const out = { ...record };
  for (const id of ids) delete out[id];
  return out;
}

function bumpRecent(recent: RecentPrivate[], message: Message, selfId: number): RecentPrivate[] {
  const key = messagePmKey(message, selfId);
  const members = Array.isArray(message.display_recipient) ? message.display_recipient.map((r) => r.id) : [];
  const existing = recent.find((r) => r.key === key);
  const entry = {
    key,
    user_ids: [...new Set(members)].filter((id) => id !== selfId),
    max_message_id: Math.max(message.id, existing?.max_message_id ?? 0),
  };
  return [entry, ...recent.filter((r) => r.key !== key)].sort((a, b) => b.max_message_id - a.max_message_id);
}

const TYPING_LIFETIME_MS = 15000;

/**
 * The event types the client asks its queue for: those applyEvent uses. Each is a type of the
 * server's event map (checked by the compiler); the map's own EVENT_TYPES is not imported, as
 * building it would bring TypeBox and every event schema into the bundle.
 */
export const CLIENT_EVENT_TYPES = [
  'message',
  'update_message',
  'delete_message',
  'reaction',
  'update_message_flags',
  'subscription',
  'stream',
  'realm_user',
  'typing',
  'presence',
  'user_topic',
  'user_settings',
  'realm',
  'realm_emoji',
] as const satisfies readonly EventType[];

/** Applies one event of GET /events; an event of a type the client does not use leaves the state as it is. */
export function applyEvent(state: AppState, event: ServerEvent, now = Date.now()): AppState {
  switch (event.type) {
    case 'message':
      return applyMessage(state, event);
    case 'update_message':
      return applyUpdateMessage(state, event);
    case 'delete_message': {
      // One event per message, or (bulk_message_deletion) one listing them all.
      const ids = 'message_ids' in event ? event.message_ids : [event.message_id];
      const gone = new Set(ids);
      const view = state.view.ids.some((id) => gone.has(id))
        ? { ...state.view, ids: state.view.ids.filter((id) => !gone.has(id)) }
        : state.view;
      return { ...state, messages: removeIds(state.messages, ids), unread: removeIds(state.unread, ids), view };
    }
    case 'reaction': {
      const { emoji_name, emoji_code, reaction_type, user_id } = event;
      const reaction: Reaction = { emoji_name, emoji_code, reaction_type, user_id };
      const same = (r: Reaction) => r.user_id === user_id && r.emoji_code === emoji_code && r.reaction_type === reaction_type;
      const messages = mapMessages(state, [event.message_id], (m) => {
        if (event.op === 'add') return m.reactions.some(same) ? m : { ...m, reactions: [...m.reactions, reaction] };
        return { ...m, reactions: m.reactions.filter((r) => !same(r)) };
      });
      return { ...state, messages };
    }
    case 'update_message_flags':
      return applyFlags(state, event);
    case 'subscription':
      return applySubscription(state, event);
    case 'stream':
      return applyStream(state, event);
    case 'realm_user': {
      const id = event.person.user_id;
      const users = { ...state.users };
      if (event.op === 'add') users[id] = toUser(event.person);
      else if (event.op === 'remove') {
        if (users[id]) users[id] = { ...users[id], is_active: false };
      } else if (users[id]) {
        const { full_name, avatar_url, new_email, is_admin } = event.person;
        const change: Partial<User> = {};
        if (full_name !== undefined) change.full_name = full_name;
        if (avatar_url !== undefined) change.avatar_url = avatar_url;
        if (new_email !== undefined) change.email = new_email;
        if (is_admin !== undefined) change.is_admin = is_admin;
        users[id] = { ...users[id], ...change };
      } else return state;
      return { ...state, users };
    }
    case 'typing': {
      const sender = event.sender.user_id;
      if (sender === state.selfId) return state;
      const conversation =
        event.message_type === 'stream'
          ? `stream:${topicKey(event.stream_id, event.topic)}`
          : `pm:${pmKey([...event.recipients.map((r) => r.user_id), sender], state.selfId)}`;
      const rest = state.typing.filter((t) => !(t.sender_id === sender && t.conversation === conversation) && t.expires > now);
      return {
        ...state,
        typing: event.op === 'start' ? [...rest, { sender_id: sender, conversation, expires: now + TYPING_LIFETIME_MS }] : rest,
      };
    }
    case 'presence':
      return applyPresenceEvent(state, event);
    case 'realm_emoji':
      return event.op === 'update' ? { ...state, realmEmoji: realmEmojiFrom(event.realm_emoji) } : state;
    case 'user_topic': {
      const key = topicKey(event.stream_id, event.topic_name);
      const userTopics = { ...state.userTopics };
      const policy = event.visibility_policy;
      if (policy === 0) delete userTopics[key];
      else userTopics[key] = policy;
      return { ...state, userTopics };
    }
    case 'muted_topics': {
      const userTopics: Record<string, number> = {};
      for (const [key, policy] of Object.entries(state.userTopics)) if (policy !== 1) userTopics[key] = policy;
      for (const [streamName, topic] of event.muted_topics) {
        const stream = Object.values(state.streams).find((s) => s.name === streamName);
        if (stream) userTopics[topicKey(stream.stream_id, topic)] = 1;
      }
      return { ...state, userTopics };
    }
    case 'user_settings':
      return { ...state, settings: { ...state.settings, [event.property]: event.value } };
    case 'realm': {
      const changed: Dict = event.op === 'update' ? { [event.property]: event.value } : event.op === 'update_dict' ? event.data : {};
      const next = { ...state, messagePolicy: applyPolicy(state.messagePolicy, changed) };
      if (typeof changed.icon_url === 'string') next.realmIconUrl = changed.icon_url;
      return typeof changed.name === 'string' ? { ...next, realmName: changed.name } : next;
    }
    default:
      return state;
  }
}

function applyMessage(state: AppState, event: EventMap['message']): AppState {
  const message = toMessage(event.message, event.flags);
  const messages = { ...state.messages, [message.id]: message };
  let unread = state.unread;
  if (!message.flags.includes('read') && message.sender_id !== state.selfId)
    unread = { ...unread, [message.id]: unreadEntryOf(message, state.selfId) };
  let view = state.view;
  const streamName = (id: number) => state.streams[id]?.name;
  if (view.foundNewest && !view.ids.includes(message.id) && matchesNarrow(message, view.narrow, state.selfId, streamName) === true) {
    const last = view.ids[view.ids.length - 1];
    view = { ...view, ids: last === undefined || last < message.id ? [...view.ids, message.id] : sortedUnion(view.ids, [message.id]) };
  }
  const recentPrivate = message.type === 'private' ? bumpRecent(state.recentPrivate, message, state.selfId) : state.recentPrivate;
  return { ...state, messages, unread, view, recentPrivate, maxMessageId: Math.max(state.maxMessageId, message.id) };
}

/** A content edit changes one message; a move (topic or stream) every message it names. */
function applyUpdateMessage(state: AppState, event: EventMap['update_message']): AppState {
  const id = event.message_id;
  let next = state;
  if (event.rendered_content !== undefined) {
    const content = event.rendered_content;
    const edited = event.rendering_only ? undefined : event.edit_timestamp;
    next = {
      ...next,
      messages: mapMessages(next, [id], (m) => ({ ...m, content, last_edit_timestamp: edited ?? m.last_edit_timestamp })),
    };
  }
  if (event.subject === undefined && event.new_stream_id === undefined) return next;
  return applyMove(next, event);
}

/** A move to another topic or stream (new_stream_id): the messages, their unread entries, and the narrow they may leave. */
function applyMove(state: AppState, event: EventMap['update_message']): AppState {
  const { message_ids: ids, subject: newTopic, new_stream_id: newStreamId } = event;
  const streamName = (sid: number) => state.streams[sid]?.name;
  const movedTo = newStreamId === undefined ? {} : { stream_id: newStreamId, display_recipient: streamName(newStreamId) ?? '' };
  const messages = mapMessages(state, ids, (m) =>
    m.type === 'stream' ? { ...m, ...movedTo, subject: newTopic ?? m.subject, last_edit_timestamp: event.edit_timestamp } : m,
  );
  let unread = state.unread;
  for (const mid of ids) {
    const entry = unread[mid];
    if (entry?.kind !== 'stream') continue;
    if (unread === state.unread) unread = { ...unread };
    unread[mid] = { ...entry, topic: newTopic ?? entry.topic, stream_id: newStreamId ?? entry.stream_id };
  }
  const next = { ...state, messages, unread };
  // Messages that moved out of the narrow leave it.
  const view = next.view;
  const kept = view.ids.filter((mid) => {
    const m = messages[mid];
    return !m || !ids.includes(mid) || matchesNarrow(m, view.narrow, next.selfId, streamName) !== false;
  });
  return kept.length === view.ids.length ? next : { ...next, view: { ...view, ids: kept } };
}

/** A change of one flag: what an update_message_flags event says, and what the client does before it comes. */
type FlagChange = Pick<EventMap['update_message_flags'], 'op' | 'flag' | 'messages' | 'all' | 'message_details'>;

function applyFlags(state: AppState, event: FlagChange): AppState {
  const { flag, all, messages: ids } = event;
  const add = event.op === 'add';
  if (flag === 'read') {
    if (add) {
      if (all)
        return {
          ...state,
          unread: {},
          messages: mapMessages(state, Object.keys(state.messages).map(Number), (m) =>
            m.flags.includes('read') ? m : { ...m, flags: [...m.flags, 'read'] },
          ),
        };
      const messages = mapMessages(state, ids, (m) => (m.flags.includes('read') ? m : { ...m, flags: [...m.flags, 'read'] }));
      return { ...state, unread: removeIds(state.unread, ids), messages };
    }
    const details = (event.message_details ?? {}) as Record<string, Dict>;
    const unread = { ...state.unread };
    const messages = mapMessages(state, ids, (m) => ({ ...m, flags: m.flags.filter((f) => f !== 'read') }));
    for (const id of ids) {
      const known = messages[id];
      const detail = details[String(id)];
      if (known) unread[id] = unreadEntryOf(known, state.selfId);
      else if (detail?.type === 'stream')
        unread[id] = { kind: 'stream', stream_id: num(detail.stream_id), topic: str(detail.topic), mentioned: detail.mentioned === true };
      else if (detail?.type === 'private')
        unread[id] = {
          kind: 'private',
          key: pmKey((detail.user_ids as number[]) ?? [], state.selfId),
          mentioned: detail.mentioned === true,
        };
    }
    return { ...state, unread, messages };
  }
  const targets = all ? Object.keys(state.messages).map(Number) : ids;
  const messages = mapMessages(state, targets, (m) => {
    const has = m.flags.includes(flag);
    if (add === has) return m;
    return { ...m, flags: add ? [...m.flags, flag] : m.flags.filter((f) => f !== flag) };
  });
  let view = state.view;
  // Unstarring in the starred view takes the message out.
  if (flag === 'starred' && !add && view.narrow.some((t) => t.operator === 'is' && t.operand === 'starred' && !t.negated)) {
    view = { ...view, ids: view.ids.filter((id) => !targets.includes(id)) };
  }
  return { ...state, messages, view };
}

function applySubscription(state: AppState, event: EventMap['subscription']): AppState {
  switch (event.op) {
    case 'add': {
      const subs = { ...state.subs };
      const streams = { ...state.streams };
      for (const raw of event.subscriptions) {
        const sub = toSubscription(raw);
        subs[sub.stream_id] = sub;
        streams[sub.stream_id] = toStream(raw);
      }
      return { ...state, subs, streams };
    }
    case 'remove':
      return {
        ...state,
        subs: removeIds(
          state.subs,
          event.subscriptions.map((s) => s.stream_id),
        ),
      };
    case 'update': {
      const { stream_id: id, property, value } = event;
      const sub = state.subs[id];
      if (!sub) return state;
      let change: Partial<Subscription> = {};
      if (property === 'in_home_view') change = { in_home_view: value === true, is_muted: value !== true };
      else if (property === 'is_muted') change = { is_muted: value === true, in_home_view: value !== true };
      else if (property === 'color' && typeof value === 'string') change = { color: value };
      else if (property === 'pin_to_top') change = { pin_to_top: value === true };
      else if (property === 'desktop_notifications') change = { desktop_notifications: typeof value === 'boolean' ? value : null };
      // A stream's name and description change by stream events (applyStream), not subscription ones.
      else return state;
      return { ...state, subs: { ...state.subs, [id]: { ...sub, ...change } } };
    }
    default:
      return state;
  }
}

function applyStream(state: AppState, event: EventMap['stream']): AppState {
  switch (event.op) {
    case 'create':
    case 'occupy': {
      const streams = { ...state.streams };
      for (const raw of event.streams) streams[raw.stream_id] = toStream(raw);
      return { ...state, streams };
    }
    case 'delete':
    case 'vacate': {
      const ids = event.streams.map((s) => s.stream_id);
      return { ...state, streams: removeIds(state.streams, ids), subs: removeIds(state.subs, ids) };
    }
    case 'update': {
      const { stream_id: id, property } = event;
      if (property !== 'name' && property !== 'description' && property !== 'invite_only') return state;
      const value = property === 'invite_only' ? event.value === true : str(event.value);
      const streams = state.streams[id] ? { ...state.streams, [id]: { ...state.streams[id], [property]: value } } : state.streams;
      const subs = state.subs[id] ? { ...state.subs, [id]: { ...state.subs[id], [property]: value } } : state.subs;
      return { ...state, streams, subs };
    }
    default:
      return state;
  }
}

/** Marks messages read at once (before the server's event confirms it). */
export function markReadLocally(state: AppState, ids: number[]): AppState {
  return applyFlags(state, { op: 'add', flag: 'read', messages: ids, all: false });
}

/** Whether a stream's topic is muted for the user (a muted stream mutes its topics unless unmuted or followed). */
export function isTopicMuted(state: AppState, streamId: number, topic: string): boolean {
  const policy = state.userTopics[topicKey(streamId, topic)];
  if (policy === 1) return true;
  if (policy === 2 || policy === 3) return false;
  return state.subs[streamId]?.is_muted === true;
}
