/** A small register answer and message dicts for the state tests. */
export const SELF = { user_id: 10, email: 'hamlet@zulip.com' };

export function register(): Record<string, unknown> {
  return {
    queue_id: 'q1',
    last_event_id: -1,
    realm_name: 'Zulip Dev',
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

export function streamMessage(id: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    type: 'stream',
    stream_id: 1,
    display_recipient: 'Denmark',
    subject: 'Castle',
    sender_id: 5,
    sender_email: 'iago@zulip.com',
    sender_full_name: 'Iago',
    avatar_url: '/avatar/5',
    timestamp: 1700000000 + id,
    content: `<p>message ${id}</p>`,
    reactions: [],
    ...over,
  };
}

export function privateMessage(id: number, senderId = 5, memberIds = [5, 10]): Record<string, unknown> {
  const names: Record<number, string> = { 5: 'Iago', 7: 'Othello', 10: 'King Hamlet' };
  return {
    id,
    type: 'private',
    display_recipient: memberIds.map((m) => ({ id: m, email: `${m}@x`, full_name: names[m] ?? String(m), is_mirror_dummy: false })),
    subject: '',
    sender_id: senderId,
    sender_email: `${senderId}@x`,
    sender_full_name: names[senderId] ?? '',
    avatar_url: null,
    timestamp: 1700000000 + id,
    content: `<p>pm ${id}</p>`,
    reactions: [],
  };
}
