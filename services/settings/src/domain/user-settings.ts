/**
 * Per-user notification and display settings (Zulip's UserProfile.notification_setting_types and
 * property_types), stored in users.settings; a key that is absent has Zulip 2.1's default.
 */
import { writeNotices, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import type { UserEventNotice } from '@chat/events';
import type { SettingsContext } from '../app';
import { activeUserIds, loadActor, notice } from './common';

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
  emojiset: 'google-blue',
  demote_inactive_streams: 1,
} as const;

export type DisplaySetting = keyof typeof DISPLAY_DEFAULTS | 'timezone';

/** Zulip 2.1's emojiset choices and language codes (static/locale). */
export const EMOJISETS = ['google', 'google-blue', 'twitter', 'text'];
export const LANGUAGES = [
  'en', 'ar', 'bg', 'ca', 'cs', 'de', 'el', 'en-gb', 'eo', 'es', 'fa', 'fi', 'fr', 'gl', 'hi', 'hu', 'id', 'it', 'ja',
  'ko', 'lt', 'ml', 'nl', 'pl', 'pt', 'pt-br', 'pt-pt', 'ro', 'ru', 'sk', 'sr', 'sv', 'ta', 'tr', 'uk', 'zh-hans', 'zh-hant',
];
/** 1 automatic, 2 always, 3 never (UserProfile.DEMOTE_STREAMS_CHOICES). */
const DEMOTE_CHOICES = [1, 2, 3];

export function notificationSettings(user: UserRow): Record<NotificationSetting, unknown> {
  return { ...NOTIFICATION_DEFAULTS, ...pick(user.settings, Object.keys(NOTIFICATION_DEFAULTS)) };
}

export function displaySettings(user: UserRow): Record<string, unknown> {
  return { ...DISPLAY_DEFAULTS, ...pick(user.settings, Object.keys(DISPLAY_DEFAULTS)), timezone: user.timezone };
}

function pick(source: Record<string, unknown> | null | undefined, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (source && key in source) out[key] = source[key];
  return out;
}

function isValidTimezone(name: string): boolean {
  if (name === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * PATCH /settings/notifications: stores the submitted settings that differ and answers with just
 * those, each with its new value; one update_global_notifications event per change, to the user.
 */
export async function updateNotificationSettings(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  submitted: Partial<Record<NotificationSetting, unknown>>,
): Promise<Record<string, unknown>> {
  if (submitted.notification_sound !== undefined && !NOTIFICATION_SOUNDS.includes(submitted.notification_sound as string)) {
    throw badRequest(`Invalid notification sound '${String(submitted.notification_sound)}'`);
  }
  if (submitted.desktop_icon_count_display !== undefined && ![1, 2, 3].includes(submitted.desktop_icon_count_display as number)) {
    throw badRequest('Invalid desktop_icon_count_display');
  }
  return ctx.db.knex.transaction(async (trx): Promise<Record<string, unknown>> => {
    await loadActor(trx, realmId, actorId);
    const user = (await trx<UserRow>('users').where({ id: actorId }).forUpdate().first())!;
    const current = notificationSettings(user);
    const changed: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(submitted)) {
      if (value !== undefined && current[name as NotificationSetting] !== value) changed[name] = value;
    }
    if (Object.keys(changed).length === 0) return {};
    await trx('users').where({ id: user.id }).update({ settings: JSON.stringify({ ...user.settings, ...changed }) });
    await writeNotices(
      trx,
      Object.entries(changed).map(([name, value]) =>
        notice(realmId, { type: 'update_global_notifications', user: user.email, notification_name: name, setting: value }, [user.id]),
      ),
    );
    return changed;
  });
}

/**
 * PATCH /settings/display (Zulip's update_display_settings_backend): same rules; a timezone change
 * is also a realm_user update for everyone, since others show the user's local time.
 */
export async function updateDisplaySettings(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  submitted: Partial<Record<DisplaySetting, unknown>>,
): Promise<Record<string, unknown>> {
  const { default_language: language, timezone, emojiset, demote_inactive_streams: demote } = submitted;
  if (language !== undefined && !LANGUAGES.includes(language as string)) throw badRequest(`Invalid language '${String(language)}'`);
  if (timezone !== undefined && !isValidTimezone(timezone as string)) throw badRequest(`Invalid timezone '${String(timezone)}'`);
  if (emojiset !== undefined && !EMOJISETS.includes(emojiset as string)) throw badRequest(`Invalid emojiset '${String(emojiset)}'`);
  if (demote !== undefined && !DEMOTE_CHOICES.includes(demote as number)) throw badRequest(`Invalid setting value '${String(demote)}'`);
  return ctx.db.knex.transaction(async (trx): Promise<Record<string, unknown>> => {
    await loadActor(trx, realmId, actorId);
    const user = (await trx<UserRow>('users').where({ id: actorId }).forUpdate().first())!;
    const current = displaySettings(user);
    const changed: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(submitted)) {
      if (value !== undefined && current[name] !== value) changed[name] = value;
    }
    if (Object.keys(changed).length === 0) return {};
    const { timezone: newTimezone, ...stored } = changed;
    await trx('users')
      .where({ id: user.id })
      .update({ settings: JSON.stringify({ ...user.settings, ...stored }), ...(newTimezone !== undefined ? { timezone: newTimezone } : {}) });
    const notices: UserEventNotice[] = Object.entries(changed).map(([name, value]) =>
      notice(realmId, { type: 'update_display_settings', user: user.email, setting_name: name, setting: value }, [user.id]),
    );
    if (newTimezone !== undefined) {
      notices.push(
        notice(realmId, { type: 'realm_user', op: 'update', person: { email: user.email, user_id: user.id, timezone: newTimezone } }, await activeUserIds(trx, realmId)),
      );
    }
    await writeNotices(trx, notices);
    return changed;
  });
}
