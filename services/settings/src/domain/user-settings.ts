/**
 * Per-user notification and display settings (Zulip's UserProfile.notification_setting_types and
 * property_types), stored in users.settings; a key that is absent has Zulip 2.1's default.
 */
import { writeNotices, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice, type EventOf, type UserEventNotice } from '@chat/events';
import type { SettingsContext } from '../app';
import { activeUserIds, loadActor } from './common';

import {
  DEMOTE_CHOICES,
  EMOJISETS,
  LANGUAGES,
  NOTIFICATION_SOUNDS,
  displaySettings,
  notificationSettings,
  type DisplaySetting,
  type NotificationSetting,
} from '@chat/views';

/** A setting's value, as its update event carries it. */
type SettingValue = EventOf<'update_display_settings'>['setting'];

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
  submitted: Partial<Record<NotificationSetting, SettingValue>>,
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
    const changed: Record<string, SettingValue> = {};
    for (const [name, value] of Object.entries(submitted)) {
      if (value !== undefined && current[name as NotificationSetting] !== value) changed[name] = value;
    }
    if (Object.keys(changed).length === 0) return {};
    await trx('users').where({ id: user.id }).update({ settings: JSON.stringify({ ...user.settings, ...changed }) });
    await writeNotices(
      trx,
      Object.entries(changed).map(([name, value]) =>
        userEventNotice(realmId, { type: 'update_global_notifications', user: user.email, notification_name: name, setting: value }, [user.id]),
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
  submitted: Partial<Record<DisplaySetting, SettingValue>> & { timezone?: string },
): Promise<Record<string, unknown>> {
  const { default_language: language, timezone, emojiset, demote_inactive_streams: demote } = submitted;
  if (language !== undefined && !LANGUAGES.includes(language as string)) throw badRequest(`Invalid language '${String(language)}'`);
  if (timezone !== undefined && !isValidTimezone(timezone)) throw badRequest(`Invalid timezone '${String(timezone)}'`);
  if (emojiset !== undefined && !EMOJISETS.includes(emojiset as string)) throw badRequest(`Invalid emojiset '${String(emojiset)}'`);
  if (demote !== undefined && !DEMOTE_CHOICES.includes(demote as number)) throw badRequest(`Invalid setting value '${String(demote)}'`);
  return ctx.db.knex.transaction(async (trx): Promise<Record<string, unknown>> => {
    await loadActor(trx, realmId, actorId);
    const user = (await trx<UserRow>('users').where({ id: actorId }).forUpdate().first())!;
    const current = displaySettings(user);
    const changed: Record<string, SettingValue> = {};
    for (const [name, value] of Object.entries(submitted)) {
      if (value !== undefined && current[name] !== value) changed[name] = value;
    }
    if (Object.keys(changed).length === 0) return {};
    const { timezone: newTimezone, ...stored } = changed;
    await trx('users')
      .where({ id: user.id })
      .update({ settings: JSON.stringify({ ...user.settings, ...stored }), ...(newTimezone !== undefined ? { timezone: newTimezone } : {}) });
    const notices: UserEventNotice[] = Object.entries(changed).map(([name, value]) =>
      userEventNotice(realmId, { type: 'update_display_settings', user: user.email, setting_name: name, setting: value }, [user.id]),
    );
    // A changed timezone is the submitted one (typed a string), hence `timezone` in the event.
    if (newTimezone !== undefined && timezone !== undefined) {
      notices.push(
        userEventNotice(realmId, { type: 'realm_user', op: 'update', person: { email: user.email, user_id: user.id, timezone } }, await activeUserIds(trx, realmId)),
      );
    }
    await writeNotices(trx, notices);
    return changed;
  });
}
