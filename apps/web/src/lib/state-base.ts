/** The client's state, its empty form, and the few rules read from it (who may do what, what is muted). */
import { DEFAULT_PRESENCE } from './presence';
import type { Dict } from './read';
import type { AppState, Message, MessagePolicy } from './types';

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
export function applyPolicy(policy: MessagePolicy, values: Dict): MessagePolicy {
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

export function byId<T>(items: T[], id: (item: T) => number): Record<number, T> {
  const out: Record<number, T> = {};
  for (const item of items) out[id(item)] = item;
  return out;
}

export function removeIds<T>(record: Record<number, T>, ids: number[]): Record<number, T> {
  if (!ids.some((id) => id in record)) return record;
  const out = { ...record };
  for (const id of ids) delete out[id];
  return out;
}

/** Whether a stream's topic is muted for the user (a muted stream mutes its topics unless unmuted or followed). */
export function isTopicMuted(state: AppState, streamId: number, topic: string): boolean {
  const policy = state.userTopics[topicKey(streamId, topic)];
  if (policy === 1) return true;
  if (policy === 2 || policy === 3) return false;
  return state.subs[streamId]?.is_muted === true;
}
