/**
 * The event types a queue can ask for (event_types of /register). `message` and `heartbeat`
 * are the spec's; the rest are Zulip 2.1's and are emitted by the services that own them.
 */
export const EVENT_TYPES = [
  'message',
  'heartbeat',
  'subscription',
  'stream',
  'realm_user',
  'realm_emoji',
  'realm',
  'update_message',
  'delete_message',
  'update_message_flags',
  'reaction',
  'typing',
  'presence',
  'pointer',
  'muted_topics',
  'update_display_settings',
  'update_global_notifications',
  'realm_bot',
  'user_status',
  'restart',
  'default_streams',
  'realm_filters',
  'user_group',
  'alert_words',
  'custom_profile_fields',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
