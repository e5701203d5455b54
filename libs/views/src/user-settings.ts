/**
 * Per-user notification and display settings with Zulip 2.1's defaults: the settings service
 * changes them, the event-queue service puts them in /register's initial state. Stored in
 * users.settings; an absent key has its default.
 */
import type { UserRow } from '@chat/db';

export const NOTIFICATION_DEFAULTS = {
  enable_stream_desktop_notifications: false,
  enable_stream_email_notifications: false,
  enable_stream_push_notifications: false,
  enable_stream_audible_notifications: false,
  notification_sound: 'zulip',
  wildcard_mentions_notify: true,
  enable_desktop_notifications: true,
  pm_content_in_desktop_notifications: true,
  enable_sounds: true,
  enable_offline_email_notifications: true,
  message_content_in_email_notifications: true,
  enable_offline_push_notifications: true,
  enable_online_push_notifications: true,
  desktop_icon_count_display: 1,
  enable_digest_emails: true,
  enable_login_emails: true,
  realm_name_in_notifications: false,
} as const;

export type NotificationSetting = keyof typeof NOTIFICATION_DEFAULTS;

/** The sounds Zulip 2.1 ships (static/audio/notification_sounds). */
export const NOTIFICATION_SOUNDS = ['ding', 'zulip'];

export const DISPLAY_DEFAULTS = {
  twenty_four_hour_time: false,
  dense_mode: true,
  starred_message_counts: false,
  fluid_layout_width: false,
  high_contrast_mode: false,
  night_mode: false,
  translate_emoticons: false,
  default_language: 'en',
  left_side_userlist: false,
  emojiset: 'google',
  demote_inactive_streams: 1,
} as const;

export type DisplaySetting = keyof typeof DISPLAY_DEFAULTS | 'timezone';

/**
 * The emoji sets of the reported feature level: Zulip replaced 2.1's google-blue (its default)
 * with google-blob, and today's clients refuse any other name. A stored google-blue reads as
 * google, as Zulip's migration made it.
 */
const EMOJISET_NAMES: Record<string, string> = {
  google: 'Google',
  'google-blob': 'Google classic',
  twitter: 'Twitter',
  text: 'Plain text',
};
export const EMOJISETS = Object.keys(EMOJISET_NAMES);
/** /register's emojiset_choices, beside the display settings and in user_settings alike. */
export const EMOJISET_CHOICES = Object.entries(EMOJISET_NAMES).map(([key, text]) => ({ key, text }));
const RETIRED_EMOJISETS: Record<string, string> = { 'google-blue': 'google' };
export const LANGUAGES = [
  'en',
  'ar',
  'bg',
  'ca',
  'cs',
  'de',
  'el',
  'en-gb',
  'eo',
  'es',
  'fa',
  'fi',
  'fr',
  'gl',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'ml',
  'nl',
  'pl',
  'pt',
  'pt-br',
  'pt-pt',
  'ro',
  'ru',
  'sk',
  'sr',
  'sv',
  'ta',
  'tr',
  'uk',
  'zh-hans',
  'zh-hant',
];
/** 1 automatic, 2 always, 3 never (UserProfile.DEMOTE_STREAMS_CHOICES). */
export const DEMOTE_CHOICES = [1, 2, 3];

/**
 * Personal settings outside 2.1's display and notification settings, which today's clients read
 * from /register's user_settings object and change through PATCH /settings: the ones Zulip added
 * after 2.1, and enter_sends, which 2.1 showed among the realm_user keys and Zulip later moved
 * there. None has a legacy settings event or key (a 2.1 client never asks for them).
 */
export const LATER_SETTING_DEFAULTS = {
  enter_sends: false,
  presence_enabled: true,
  send_private_typing_notifications: true,
  send_stream_typing_notifications: true,
  send_read_receipts: true,
  display_emoji_reaction_users: true,
  // Feature level 189: notifications of topics the user follows, on by default as in Zulip.
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_email_notifications: true,
  enable_followed_topic_push_notifications: true,
  enable_followed_topic_audible_notifications: true,
  enable_followed_topic_wildcard_mentions_notify: true,
} as const;

export type LaterSetting = keyof typeof LATER_SETTING_DEFAULTS;

/** Any personal setting PATCH /settings changes. */
export type PersonalSetting = NotificationSetting | DisplaySetting | LaterSetting;

export function notificationSettings(user: UserRow): Record<NotificationSetting, unknown> {
  return { ...NOTIFICATION_DEFAULTS, ...pick(user.settings, Object.keys(NOTIFICATION_DEFAULTS)) };
}

export function displaySettings(user: UserRow): Record<string, unknown> {
  const settings: Record<string, unknown> = {
    ...DISPLAY_DEFAULTS,
    ...pick(user.settings, Object.keys(DISPLAY_DEFAULTS)),
    timezone: user.timezone,
  };
  settings.emojiset = RETIRED_EMOJISETS[settings.emojiset as string] ?? settings.emojiset;
  return settings;
}

export function laterSettings(user: UserRow): Record<LaterSetting, unknown> {
  return { ...LATER_SETTING_DEFAULTS, ...pick(user.settings, Object.keys(LATER_SETTING_DEFAULTS)) };
}

/** Every personal setting with its current value, the timezone included: what PATCH /settings compares with. */
export function personalSettings(user: UserRow): Record<string, unknown> {
  return { ...displaySettings(user), ...notificationSettings(user), ...laterSettings(user) };
}

/**
 * /register's user_settings object, as Zulip builds it (fetch_initial_state_data): every personal
 * setting, the timezone, and the choices of emoji set and notification sound.
 */
export function userSettingsObject(user: UserRow): Record<string, unknown> {
  return { ...personalSettings(user), emojiset_choices: EMOJISET_CHOICES, available_notification_sounds: NOTIFICATION_SOUNDS };
}

function pick(source: Record<string, unknown> | null | undefined, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (source && key in source) out[key] = source[key];
  return out;
}
