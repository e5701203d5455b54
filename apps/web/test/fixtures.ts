/** A small register answer, and message dicts and events in the server's shapes, for the state tests. */
import type { EventMap } from '@chat/events';
import type { FetchedMessage } from '../src/lib/state';
import type { MessageDict, MessageFlag } from '../src/lib/types';

export const SELF = { user_id: 10, email: 'hamlet@zulip.com' };

export function register(): Record<string, unknown> {
  return {
    queue_id: 'q1',
    last_event_id: -1,
    realm_name: 'Zulip Dev',
    realm_icon_url: '/user_avatars/2/realm/icon-3.png?version=3',
    max_message_id: 100,
    realm_users: [
      { user_id: 10, email: 'hamlet@zulip.com', full_name: 'King Hamlet', avatar_url: '/avatar/10', is_bot: false, is_admin: false },
      { user_id: 5, email: 'iago@zulip.com', full_name: 'Iago', avatar_url: '/avatar/5', is_bot: false, is_admin: true },
      { user_id: 7, email: 'othello@zulip.com', full_name: 'Othello', avatar_url: '/avatar/7', is_bot: false, is_admin: false },
    ],
    subscriptions: [
      {
        stream_id: 1,
        name: 'Denmark',
        description: '',
        invite_only: false,
        color: '#76ce90',
        is_muted: false,
        in_home_view: true,
        pin_to_top: false,
        desktop_notifications: null,
      },
      {
        stream_id: 2,
        name: 'Verona',
        description: '',
        invite_only: false,
        color: '#fae589',
        is_muted: true,
        in_home_view: false,
        pin_to_top: false,
        desktop_notifications: null,
      },
    ],
    streams: [
      { stream_id: 1, name: 'Denmark', description: '', invite_only: false },
      { stream_id: 2, name: 'Verona', description: '', invite_only: false },
      { stream_id: 3, name: 'Rome', description: '', invite_only: false },
    ],
    unread_msgs: {
      pms: [{ other_user_id: 5, sender_id: 5, unread_message_ids: [90, 91] }],
      streams: [
        { stream_id: 1, topic: 'Castle', unread_message_ids: [80, 81, 82], sender_ids: [5] },
        { stream_id: 1, topic: 'muted topic', unread_message_ids: [83], sender_ids: [5] },
        { stream_id: 2, topic: 'Balcony', unread_message_ids: [84, 85], sender_ids: [7] },
        { stream_id: 2, topic: 'followed', unread_message_ids: [86], sender_ids: [7] },
      ],
      huddles: [{ user_ids_string: '5,7,10', unread_message_ids: [92] }],
      mentions: [81, 92],
      count: 9,
      old_unreads_missing: false,
    },
    user_topics: [
      { stream_id: 1, topic_name: 'Muted Topic', last_updated: 1, visibility_policy: 1 },
      { stream_id: 2, topic_name: 'followed', last_updated: 1, visibility_policy: 3 },
    ],
    presences: { '5': { active_timestamp: 1000, idle_timestamp: 1000 } },
    recent_private_conversations: [
      { user_ids: [5], max_message_id: 91 },
      { user_ids: [5, 7], max_message_id: 92 },
    ],
    user_settings: { enable_stream_desktop_notifications: false },
  };
}

type StreamMessageDict = Extract<MessageDict, { type: 'stream' }>;
type PrivateMessageDict = Extract<MessageDict, { type: 'private' }>;
type StreamDict = Extract<EventMap['stream'], { op: 'create' }>['streams'][number];
type SubscriptionDict = Extract<EventMap['subscription'], { op: 'add' }>['subscriptions'][number];
type AddedPerson = Extract<EventMap['realm_user'], { op: 'add' }>['person'];

/** What every message dict of the fixtures has beside its conversation. */
function messageFields(id: number, senderId: number) {
  return {
    id,
    content_type: 'text/html' as const,
    subject_links: [],
    recipient_id: 1,
    sender_id: senderId,
    sender_short_name: `user${senderId}`,
    sender_realm_str: 'zulip',
    client: 'test',
    timestamp: 1700000000 + id,
    is_me_message: false,
    reactions: [],
    submessages: [],
  };
}

/** A stream message as GET /messages gives it (a message event's dict, with flags). */
export function streamMessage(id: number, over: Partial<StreamMessageDict> = {}): FetchedMessage {
  return {
    ...messageFields(id, 5),
    type: 'stream',
    stream_id: 1,
    display_recipient: 'Denmark',
    subject: 'Castle',
    sender_email: 'iago@zulip.com',
    sender_full_name: 'Iago',
    avatar_url: '/avatar/5',
    content: `<p>message ${id}</p>`,
    ...over,
    flags: [],
  };
}

export function privateMessage(id: number, senderId = 5, memberIds = [5, 10]): FetchedMessage & PrivateMessageDict {
  const names: Record<number, string> = { 5: 'Iago', 7: 'Othello', 10: 'King Hamlet' };
  return {
    ...messageFields(id, senderId),
    type: 'private',
    display_recipient: memberIds.map((m) => ({
      id: m,
      email: `${m}@x`,
      full_name: names[m] ?? String(m),
      short_name: `user${m}`,
      is_mirror_dummy: false,
    })),
    subject: '',
    sender_email: `${senderId}@x`,
    sender_full_name: names[senderId] ?? '',
    avatar_url: null,
    content: `<p>pm ${id}</p>`,
    flags: [],
  };
}

/** A message event for the dict (the queue's id does not matter to the client's state). */
export function messageEvent(message: MessageDict, flags: MessageFlag[] = []): EventMap['message'] {
  return { type: 'message', id: 0, message, flags };
}

/** An update_message_flags event: op, and its older name operation, both. */
export function flagsEvent(
  op: 'add' | 'remove',
  flag: EventMap['update_message_flags']['flag'],
  messages: number[],
  over: Partial<EventMap['update_message_flags']> = {},
): EventMap['update_message_flags'] {
  return { type: 'update_message_flags', id: 0, op, operation: op, flag, messages, all: false, ...over };
}

/** An update_message event by iago, with what an edit of the given kind carries. */
export function updateMessageEvent(messageIds: number[], over: Partial<EventMap['update_message']> = {}): EventMap['update_message'] {
  return {
    type: 'update_message',
    id: 0,
    sender: 'iago@zulip.com',
    user_id: 5,
    message_id: messageIds[0]!,
    message_ids: messageIds,
    edit_timestamp: 1700001000,
    rendering_only: false,
    flags: [],
    ...over,
  };
}

/** A stream as Stream.to_dict() gives it. */
export function streamDict(streamId: number, name: string, over: Partial<StreamDict> = {}): StreamDict {
  return {
    name,
    stream_id: streamId,
    description: '',
    rendered_description: '',
    invite_only: false,
    is_web_public: false,
    is_announcement_only: false,
    history_public_to_subscribers: true,
    first_message_id: null,
    date_created: 1700000000,
    stream_post_policy: 1,
    message_retention_days: null,
    is_archived: false,
    ...over,
  };
}

/** A subscription as subscription add carries it. */
export function subscriptionDict(streamId: number, name: string, over: Partial<SubscriptionDict> = {}): SubscriptionDict {
  return {
    ...streamDict(streamId, name),
    color: '#c2c2c2',
    is_muted: false,
    in_home_view: true,
    pin_to_top: false,
    desktop_notifications: null,
    audible_notifications: null,
    push_notifications: null,
    email_notifications: null,
    wildcard_mentions_notify: null,
    email_address: '',
    is_old_stream: false,
    stream_weekly_traffic: null,
    ...over,
  };
}

/** A new user as realm_user add carries it. */
export function addedPerson(userId: number, email: string, fullName: string, over: Partial<AddedPerson> = {}): AddedPerson {
  return {
    email,
    user_id: userId,
    is_admin: false,
    is_owner: false,
    role: 400,
    avatar_version: 1,
    delivery_email: null,
    full_name: fullName,
    avatar_url: `/avatar/${userId}`,
    timezone: '',
    date_joined: '2026-01-01T00:00:00Z',
    is_guest: false,
    is_bot: false,
    ...over,
  };
}
