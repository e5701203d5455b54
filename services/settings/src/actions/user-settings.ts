/**
 * Per-user personal settings (Zulip's UserProfile.property_types), stored in users.settings; a key
 * that is absent has its default (@chat/views). PATCH /settings/notifications, /settings/display
 * and /settings share one operation: each endpoint's parameters limit what it can change.
 */
import { writeNotices } from '@chat/db';
import { badRequest } from '@chat/errors';
import { DEMOTE_CHOICES, EMOJISETS, LANGUAGES, NOTIFICATION_SOUNDS, personalSettings, type PersonalSetting } from '@chat/views';
import type { SettingsContext } from '../deps';
import { loadActor } from '../queries/actor';
import { activeUserIds } from '../queries/audiences';
import { lockUserRow } from '../queries/users';
import { settingChangeNotices, type SettingValue } from './setting-events';

export type SubmittedSettings = Partial<Record<PersonalSetting, SettingValue>> & { timezone?: string };

function isValidTimezone(name: string): boolean {
  if (name === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Zulip's checks of the settings whose values are not any value of their type. */
export function checkPersonalSettings(submitted: SubmittedSettings): void {
  const { notification_sound: sound, desktop_icon_count_display: iconCount } = submitted;
  if (sound !== undefined && !NOTIFICATION_SOUNDS.includes(sound as string))
    throw badRequest(`Invalid notification sound '${String(sound)}'`);
  if (iconCount !== undefined && ![1, 2, 3].includes(iconCount as number)) throw badRequest('Invalid desktop_icon_count_display');
  const { default_language: language, timezone, emojiset, demote_inactive_streams: demote } = submitted;
  if (language !== undefined && !LANGUAGES.includes(language as string)) throw badRequest(`Invalid language '${String(language)}'`);
  if (timezone !== undefined && !isValidTimezone(timezone)) throw badRequest(`Invalid timezone '${String(timezone)}'`);
  if (emojiset !== undefined && !EMOJISETS.includes(emojiset as string)) throw badRequest(`Invalid emojiset '${String(emojiset)}'`);
  if (demote !== undefined && !DEMOTE_CHOICES.includes(demote as number)) throw badRequest(`Invalid setting value '${String(demote)}'`);
}

/**
 * Stores the submitted settings that differ from the current ones and answers with just those,
 * each with its new value (what the legacy endpoints answer); events as setting-events.ts says,
 * in the order the endpoint declares its parameters.
 */
export async function doUpdatePersonalSettings(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  submitted: SubmittedSettings,
): Promise<Record<string, SettingValue>> {
  checkPersonalSettings(submitted);
  return ctx.db.knex.transaction(async (trx): Promise<Record<string, SettingValue>> => {
    await loadActor(trx, realmId, actorId);
    const user = (await lockUserRow(trx, actorId))!;
    const current = personalSettings(user);
    const changed: Record<string, SettingValue> = {};
    for (const [name, value] of Object.entries(submitted)) {
      if (value !== undefined && current[name] !== value) changed[name] = value;
    }
    if (Object.keys(changed).length === 0) return {};
    const { timezone: newTimezone, ...stored } = changed;
    await trx('users')
      .where({ id: user.id })
      .update({
        settings: JSON.stringify({ ...user.settings, ...stored }),
        ...(newTimezone !== undefined ? { timezone: newTimezone } : {}),
      });
    const everyone = newTimezone !== undefined ? await activeUserIds(trx, realmId) : [];
    await writeNotices(trx, settingChangeNotices(realmId, user, changed, everyone));
    return changed;
  });
}
