/**
 * The client's state and how the server's events change it: `stateFromRegister` builds it from
 * /register's answer, `applyEvent` applies one event (a pure function: it returns a new state and
 * keeps every untouched part, so views re-render only what changed).
 */
import type { EventType } from '@chat/events';
import { pmKey } from '../features/narrow/narrow';
import { realmEmojiFrom } from './emoji';
import { applyPresenceEvent } from './presence';
import type { Dict } from './read';
import { applyPolicy, removeIds, topicKey } from './state-base';
import { applyFlags, applyMessage, applyUpdateMessage, mapMessages } from './state-messages';
import { toUser } from './state-register';
import { applyStream, applySubscription } from './state-streams';
import type { AppState, Reaction, ServerEvent, User } from './types';

export { emptyState, isTopicMuted, messageActions, topicKey } from './state-base';
export { stateFromRegister, unreadFromRegister } from './state-register';
export { markReadLocally, mergeFetched, toMessage, type FetchedMessage } from './state-messages';

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
