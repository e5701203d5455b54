/** Messages in the state: fetched ones merged into the view, and the events that add, change, move or flag them. */
import type { EventMap } from '@chat/events';
import { matchesNarrow, messagePmKey, pmKey } from '../features/narrow/narrow';
import { dict, ints, num, str } from './read';
import { removeIds } from './state-base';
import type { AppState, Message, MessageDict, MessageFlag, Narrow, RecentPrivate, UnreadEntry } from './types';

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

export function sortedUnion(a: number[], b: number[]): number[] {
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

export function mapMessages(state: AppState, ids: number[], change: (m: Message) => Message): Record<number, Message> {
  let messages = state.messages;
  for (const id of ids) {
    const message = messages[id];
    if (!message) continue;
    if (messages === state.messages) messages = { ...messages };
    messages[id] = change(message);
  }
  return messages;
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

export function applyMessage(state: AppState, event: EventMap['message']): AppState {
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
export function applyUpdateMessage(state: AppState, event: EventMap['update_message']): AppState {
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

export function applyFlags(state: AppState, event: FlagChange): AppState {
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
    const details = dict(event.message_details);
    const unread = { ...state.unread };
    const messages = mapMessages(state, ids, (m) => ({ ...m, flags: m.flags.filter((f) => f !== 'read') }));
    for (const id of ids) {
      const known = messages[id];
      const detail = dict(details[String(id)]);
      if (known) unread[id] = unreadEntryOf(known, state.selfId);
      else if (detail.type === 'stream')
        unread[id] = { kind: 'stream', stream_id: num(detail.stream_id), topic: str(detail.topic), mentioned: detail.mentioned === true };
      else if (detail.type === 'private')
        unread[id] = {
          kind: 'private',
          key: pmKey(ints(detail.user_ids), state.selfId),
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

/** Marks messages read at once (before the server's event confirms it). */
export function markReadLocally(state: AppState, ids: number[]): AppState {
  return applyFlags(state, { op: 'add', flag: 'read', messages: ids, all: false });
}
