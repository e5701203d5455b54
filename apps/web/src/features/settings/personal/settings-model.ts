/**
 * The person's own settings as the panel shows them: which toggles each section has, what the
 * client holds of their values (`user_settings` from /register, kept current by events), and the
 * small rules the forms check before asking the server.
 */

/** A boolean setting of PATCH /settings, with its label. */
export interface Toggle {
  name: string;
  label: string;
}

export const NOTIFICATION_TOGGLES: { title: string; toggles: Toggle[] }[] = [
  {
    title: 'Private messages and mentions',
    toggles: [
      { name: 'enable_desktop_notifications', label: 'Desktop notifications' },
      { name: 'enable_sounds', label: 'Sounds' },
      { name: 'enable_offline_email_notifications', label: 'E-mail notifications while away' },
      { name: 'enable_offline_push_notifications', label: 'Mobile notifications while away' },
      { name: 'enable_online_push_notifications', label: 'Mobile notifications while active' },
      { name: 'pm_content_in_desktop_notifications', label: 'Show the message in desktop notifications' },
      { name: 'wildcard_mentions_notify', label: 'Notify for @all and @everyone mentions' },
    ],
  },
  {
    title: 'Streams',
    toggles: [
      { name: 'enable_stream_desktop_notifications', label: 'Desktop notifications for stream messages' },
      { name: 'enable_stream_audible_notifications', label: 'Sounds for stream messages' },
      { name: 'enable_stream_email_notifications', label: 'E-mails for stream messages' },
      { name: 'enable_stream_push_notifications', label: 'Mobile notifications for stream messages' },
    ],
  },
  {
    title: 'Followed topics',
    toggles: [
      { name: 'enable_followed_topic_desktop_notifications', label: 'Desktop notifications for followed topics' },
      { name: 'enable_followed_topic_audible_notifications', label: 'Sounds for followed topics' },
      { name: 'enable_followed_topic_email_notifications', label: 'E-mails for followed topics' },
      { name: 'enable_followed_topic_push_notifications', label: 'Mobile notifications for followed topics' },
      { name: 'enable_followed_topic_wildcard_mentions_notify', label: 'Notify for @all in followed topics' },
    ],
  },
  {
    title: 'E-mail',
    toggles: [
      { name: 'enable_digest_emails', label: 'Digest e-mails while away' },
      { name: 'enable_login_emails', label: 'An e-mail at each new login' },
      { name: 'message_content_in_email_notifications', label: 'Include the message in notification e-mails' },
      { name: 'realm_name_in_notifications', label: "The organization's name in notification subjects" },
    ],
  },
];

export const DISPLAY_TOGGLES: Toggle[] = [
  { name: 'twenty_four_hour_time', label: 'Times on a 24-hour clock' },
  { name: 'night_mode', label: 'Dark theme on all my devices (Zulip apps)' },
  { name: 'dense_mode', label: 'Dense layout' },
  { name: 'starred_message_counts', label: 'Count starred messages' },
];

/** The per-stream notification properties of a subscription, and the global setting each defaults to. */
export const STREAM_NOTIFICATIONS = [
  { property: 'desktop_notifications', label: 'Desktop', fallback: 'enable_stream_desktop_notifications' },
  { property: 'audible_notifications', label: 'Sound', fallback: 'enable_stream_audible_notifications' },
  { property: 'push_notifications', label: 'Mobile', fallback: 'enable_stream_push_notifications' },
  { property: 'email_notifications', label: 'E-mail', fallback: 'enable_stream_email_notifications' },
  { property: 'wildcard_mentions_notify', label: '@all mentions', fallback: 'wildcard_mentions_notify' },
] as const;

export type StreamNotification = (typeof STREAM_NOTIFICATIONS)[number]['property'];

/** A boolean setting's value, or false when the client does not hold it. */
export function boolSetting(settings: Record<string, unknown>, name: string): boolean {
  return settings[name] === true;
}

export function stringSetting(settings: Record<string, unknown>, name: string): string {
  const value = settings[name];
  return typeof value === 'string' ? value : '';
}

export function stringListSetting(settings: Record<string, unknown>, name: string): string[] {
  const value = settings[name];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * A stream's notification choice in effect: its own (true, false) or, when null, the global
 * stream setting's.
 */
export function effectiveStreamNotification(own: boolean | null, settings: Record<string, unknown>, fallback: string): boolean {
  return own ?? boolSetting(settings, fallback);
}

/** Why a new password cannot be sent yet, or null. The server decides the rest (its strength rules). */
export function passwordFormProblem(oldPassword: string, newPassword: string, again: string): string | null {
  if (!oldPassword) return 'Enter your current password.';
  if (!newPassword) return 'Enter a new password.';
  if (newPassword !== again) return 'The new passwords do not match.';
  if (newPassword === oldPassword) return 'The new password is the same as the current one.';
  return null;
}

/** Zulip's status text limit. */
export const MAX_STATUS_TEXT = 60;

/** Alert words typed as a comma-separated list: trimmed, lower-case, without empties or repeats. */
export function parseAlertWords(input: string): string[] {
  const words = input
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w !== '');
  return [...new Set(words)];
}

/** Zulip's bot types, as POST /bots takes them. */
export const BOT_TYPES = [
  { value: 1, label: 'Generic bot' },
  { value: 2, label: 'Incoming webhook' },
  { value: 3, label: 'Outgoing webhook' },
] as const;

export function botTypeLabel(type: number | null): string {
  return BOT_TYPES.find((t) => t.value === type)?.label ?? 'Bot';
}

export interface NewBotForm {
  fullName: string;
  shortName: string;
  botType: number;
  payloadUrl: string;
  interfaceType: number;
}

/** What a bot form misses before it can be sent, or null. */
export function newBotProblem(form: NewBotForm): string | null {
  if (form.fullName.trim() === '') return 'Enter a name for the bot.';
  if (!/^[\w.-]+$/.test(form.shortName.trim())) return 'The e-mail start may have only letters, digits, dots, dashes and underscores.';
  if (form.botType === 3 && !/^https?:\/\/\S+$/.test(form.payloadUrl.trim())) return 'Enter the URL the bot posts to (http or https).';
  return null;
}

/** POST /bots's parameters for the form: an outgoing webhook's endpoint only for that type. */
export function newBotParams(form: NewBotForm) {
  const base = { full_name: form.fullName.trim(), short_name: form.shortName.trim(), bot_type: form.botType };
  return form.botType === 3 ? { ...base, payload_url: form.payloadUrl.trim(), interface_type: form.interfaceType } : base;
}

/** A muted topic as the list shows it: the stream's name where the client knows it. */
export interface MutedTopicRow {
  streamId: number;
  streamName: string;
  topic: string;
}

/** The muted topics (visibility policy 1) among `${stream_id}:${topic}` keys, sorted by stream then topic. */
export function mutedTopicRows(
  topics: { stream_id: number; topic_name: string; visibility_policy: number }[],
  streamName: (id: number) => string | undefined,
): MutedTopicRow[] {
  return topics
    .filter((t) => t.visibility_policy === 1)
    .map((t) => ({ streamId: t.stream_id, streamName: streamName(t.stream_id) ?? `#${t.stream_id}`, topic: t.topic_name }))
    .sort((a, b) => a.streamName.localeCompare(b.streamName) || a.topic.localeCompare(b.topic));
}
