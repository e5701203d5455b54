/**
 * The events a change of personal settings sends, as Zulip's do_change_user_setting: per changed
 * setting a user_settings event and, for a setting 2.1 had, its legacy event after it (a 2.1
 * client registered for update_display_settings or update_global_notifications keeps getting
 * exactly what it got; a queue that declared user_settings_object does not get it, as in Zulip
 * before feature level 439); a new timezone is also a realm_user update for everyone, since others
 * show the user's local time.
 */
import type { UserRow } from '@chat/db';
import { noticesByCapability, userEventNotice, type ClientEvent, type EventOf, type UserEventNotice } from '@chat/events';
import { DISPLAY_DEFAULTS, NOTIFICATION_DEFAULTS } from '@chat/views';
import { languageName } from '../lib/language-names';

/** A setting's value, as its events carry it. */
export type SettingValue = EventOf<'user_settings'>['value'];

export function settingChangeNotices(
  realmId: number,
  user: UserRow,
  changed: Record<string, SettingValue>,
  /** The realm's active users, read only when the timezone changed. */
  activeUserIds: number[],
): UserEventNotice[] {
  const notices: UserEventNotice[] = [];
  const toUser = (event: ClientEvent) => notices.push(userEventNotice(realmId, event, [user.id]));
  const legacy = (event: ClientEvent) =>
    notices.push(...noticesByCapability(realmId, 'user_settings_object', { declared: [], otherwise: [event] }, [user.id]));
  for (const [name, value] of Object.entries(changed)) {
    const languageNamed = name === 'default_language' && typeof value === 'string' ? { language_name: languageName(value) } : {};
    toUser({ type: 'user_settings', op: 'update', property: name, value, ...languageNamed });
    if (name in NOTIFICATION_DEFAULTS) {
      legacy({ type: 'update_global_notifications', user: user.email, notification_name: name, setting: value });
    }
    if (name in DISPLAY_DEFAULTS || name === 'timezone') {
      legacy({ type: 'update_display_settings', user: user.email, setting_name: name, setting: value });
    }
  }
  const { timezone } = changed;
  if (typeof timezone === 'string') {
    const person = { email: user.email, user_id: user.id, timezone };
    notices.push(userEventNotice(realmId, { type: 'realm_user', op: 'update', person }, activeUserIds));
  }
  return notices;
}
