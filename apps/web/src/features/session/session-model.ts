/**
 * The session's decisions, pure: what the client asks /register for, when a queue is gone, how
 * long to wait after a failed poll, and whether a new message deserves a desktop notification.
 */
import type { ParamsIn } from '@chat/contracts';
import type { eventQueueEndpoints } from '@chat/contracts';
import { matchesNarrow } from '../narrow/narrow';
import { CLIENT_EVENT_TYPES, isTopicMuted } from '../../lib/state';
import type { AppState, Message } from '../../lib/types';

const FETCH_TYPES = [...CLIENT_EVENT_TYPES, 'recent_private_conversations'];

/** What the client registers for: the events it applies, and the state parts it starts from. */
export const REGISTER_PARAMS: ParamsIn<typeof eventQueueEndpoints.register> = {
  apply_markdown: true,
  client_gravatar: false,
  slim_presence: true,
  include_subscribers: false,
  client_capabilities: {
    notification_settings_null: true,
    bulk_message_deletion: true,
    user_avatar_url_field_optional: false,
    stream_typing_notifications: true,
    user_settings_object: true,
  },
  event_types: [...CLIENT_EVENT_TYPES],
  fetch_event_types: FETCH_TYPES,
};

/** Whether an error's code or message says the queue is gone (register again). */
export const isBadQueueAnswer = (code: string | undefined, msg: string): boolean =>
  code === 'BAD_EVENT_QUEUE_ID' || /Bad event queue/i.test(msg);

/** The wait before the next poll after `failures` failed ones in a row: doubling, at most 5 s. */
export const retryDelayMs = (failures: number): number => Math.min(5000, 500 * 2 ** Math.min(failures, 4));

/** The queue's last event id after a batch of events. */
export const lastEventIdAfter = (current: number, events: { id?: number }[]): number =>
  events.reduce((max, e) => Math.max(max, Number(e.id)), current);

/**
 * The desktop notification a new message makes, or null: private messages, mentions and streams
 * with notifications on (not in a muted topic, unless mentioned), from someone else, unread, and
 * not already in front of the reader (the tab hidden, or another conversation in view).
 */
export function notificationFor(
  message: Message,
  state: AppState,
  before: AppState,
  hidden: boolean,
): { title: string; tag: string } | null {
  if (message.sender_id === state.selfId || message.flags.includes('read')) return null;
  const mentioned = message.flags.includes('mentioned') || message.flags.includes('wildcard_mentioned');
  const sub = message.type === 'stream' ? state.subs[message.stream_id] : undefined;
  const streamWants =
    sub?.desktop_notifications === true ||
    (sub?.desktop_notifications === null && state.settings.enable_stream_desktop_notifications === true);
  if (!(message.type === 'private' || mentioned || streamWants)) return null;
  if (message.type === 'stream' && !mentioned && isTopicMuted(state, message.stream_id, message.subject)) return null;
  const inView = matchesNarrow(message, before.view.narrow, state.selfId, (id) => state.streams[id]?.name) === true;
  if (!hidden && inView) return null;
  const title =
    message.type === 'stream'
      ? `${message.sender_full_name} (#${String(message.display_recipient)} > ${message.subject})`
      : message.sender_full_name;
  return { title, tag: String(message.id) };
}
