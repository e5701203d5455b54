/**
 * The settings service's endpoints for a user's and a realm's preferences: notification and
 * display settings, custom emoji, presence and status, user groups, alert words, realm settings
 * and custom profile fields. Declared in settingsEndpoints (settings.ts), in this order.
 */
import * as p from '../params';
import { jsonOrPlainString } from '../validators';
import { realmUpdateParams } from './settings-realm';

/** settings.MAX_EMOJI_FILE_SIZE, in MB. */
export const MAX_EMOJI_FILE_MB = 5;

/** A text parameter that may also come JSON-encoded, as Zulip's settings take it. */
export const text = () => p.custom((raw) => jsonOrPlainString(raw));

const emojiName = { emoji_name: p.string({ required: true }) };
const groupId = { user_group_id: p.int({ required: true }) };
/** Checked by the handler (Zulip's check_list(check_int) messages), so the schema does not restrict it. */
const userIdList = { description: 'JSON list of user ids' };
const alertWords = { alert_words: p.json<unknown>({ default: [], schema: { description: 'JSON list of words (checked by the handler)' } }) };

/** Zulip 2.1's notification settings, which PATCH /settings/notifications and /settings take. */
const notificationSettingParams = {
  enable_stream_desktop_notifications: p.bool(),
  enable_stream_email_notifications: p.bool(),
  enable_stream_push_notifications: p.bool(),
  enable_stream_audible_notifications: p.bool(),
  notification_sound: text(),
  enable_desktop_notifications: p.bool(),
  enable_sounds: p.bool(),
  enable_offline_email_notifications: p.bool(),
  enable_offline_push_notifications: p.bool(),
  enable_online_push_notifications: p.bool(),
  enable_digest_emails: p.bool(),
  enable_login_emails: p.bool(),
  message_content_in_email_notifications: p.bool(),
  pm_content_in_desktop_notifications: p.bool(),
  wildcard_mentions_notify: p.bool(),
  desktop_icon_count_display: p.int(),
  realm_name_in_notifications: p.bool(),
};

/** Zulip 2.1's display settings, which PATCH /settings/display and /settings take. */
const displaySettingParams = {
  twenty_four_hour_time: p.bool(),
  dense_mode: p.bool(),
  starred_message_counts: p.bool(),
  fluid_layout_width: p.bool(),
  high_contrast_mode: p.bool(),
  night_mode: p.bool(),
  translate_emoticons: p.bool(),
  default_language: text(),
  left_side_userlist: p.bool(),
  emojiset: text(),
  demote_inactive_streams: p.int(),
  timezone: text(),
};

/** The settings only PATCH /settings takes (LATER_SETTING_DEFAULTS in @chat/views). */
const laterSettingParams = {
  enter_sends: p.bool(),
  presence_enabled: p.bool(),
  send_private_typing_notifications: p.bool(),
  send_stream_typing_notifications: p.bool(),
  send_read_receipts: p.bool(),
  display_emoji_reaction_users: p.bool(),
};

export const settingsPreferenceEndpoints = {
  updateNotificationSettings: {
    method: 'PATCH',
    path: '/settings/notifications',
    auth: 'user',
    summary: "Change the caller's notification settings",
    params: notificationSettingParams,
    // The settings that changed, with their new values.
    success: { '*': 'any' },
  },
  updateDisplaySettings: {
    method: 'PATCH',
    path: '/settings/display',
    auth: 'user',
    summary: "Change the caller's display settings (language, timezone, emoji set, layout)",
    params: displaySettingParams,
    // The settings that changed, with their new values.
    success: { '*': 'any' },
  },
  // Zulip's one endpoint for every personal setting since feature level 80; like Zulip's since
  // feature level 78, it answers without the changed values.
  updateSettings: {
    method: 'PATCH',
    path: '/settings',
    auth: 'user',
    summary: "Change any of the caller's personal settings (display, notification and the later ones)",
    // Zulip 2.1's json_change_settings also changes the password (old and new together).
    params: { ...displaySettingParams, ...notificationSettingParams, ...laterSettingParams, old_password: p.string(), new_password: p.string() },
    success: {},
  },
  getRealmEmoji: {
    method: 'GET',
    path: '/realm/emoji',
    auth: 'user',
    summary: "The realm's custom emoji, deactivated ones included",
    params: {},
    success: { emoji: 'object' },
  },
  uploadCustomEmoji: {
    method: 'POST',
    path: '/realm/emoji/:emoji_name',
    auth: 'user',
    summary: 'Add a custom emoji from an uploaded image',
    params: emojiName,
    success: {},
    errors: [413],
    // The image comes as a multipart file, which the shared form parsers refuse; a little room
    // above the file limit lets an oversized file get Zulip's message instead of a bare 413.
    rawBody: { limit: MAX_EMOJI_FILE_MB * 1024 * 1024 + 1024 * 1024 },
  },
  deleteCustomEmoji: {
    method: 'DELETE',
    path: '/realm/emoji/:emoji_name',
    auth: 'user',
    summary: 'Deactivate a custom emoji (administrators, or its author)',
    params: emojiName,
    success: {},
  },
  updatePresence: {
    method: 'POST',
    path: '/users/me/presence',
    auth: 'user',
    summary: "Report the caller's presence (active or idle) and get the realm's",
    params: {
      status: p.string({ required: true }),
      ping_only: p.bool({ default: false }),
      new_user_input: p.bool({ default: false }),
      // The realm's presences keyed by user id, in the modern shape.
      slim_presence: p.bool({ default: false }),
    },
    // Not with ping_only.
    success: { presences: 'object?', server_timestamp: 'number?' },
  },
  getRealmPresence: {
    method: 'GET',
    path: '/realm/presence',
    auth: 'user',
    summary: "The presence of the realm's users",
    params: {},
    success: { presences: 'object', server_timestamp: 'number' },
  },
  getUserPresence: {
    method: 'GET',
    path: '/users/:email/presence',
    auth: 'user',
    summary: "One user's presence, per client and aggregated",
    params: { email: p.string({ required: true }) },
    success: { presence: 'object' },
  },
  updateStatus: {
    method: 'POST',
    path: '/users/me/status',
    auth: 'user',
    summary: "Set the caller's status: away, and a status text",
    params: { away: p.bool(), status_text: p.string() },
    success: {},
  },
  getUserGroups: {
    method: 'GET',
    path: '/user_groups',
    auth: 'user',
    summary: "The realm's user groups with their members",
    params: {},
    success: { user_groups: 'array' },
  },
  createUserGroup: {
    method: 'POST',
    path: '/user_groups/create',
    auth: 'user',
    summary: 'Create a user group',
    params: {
      name: p.string({ required: true }),
      description: p.string({ required: true }),
      members: p.json<unknown>({ required: true, schema: userIdList }),
    },
    success: {},
  },
  updateUserGroup: {
    method: 'PATCH',
    path: '/user_groups/:user_group_id',
    auth: 'user',
    summary: "Change a user group's name or description",
    params: {
      ...groupId,
      // Plain strings; an empty one means "unchanged", as Zulip's edit_user_group.
      name: p.string({ default: '' }),
      description: p.string({ default: '' }),
    },
    success: {},
  },
  removeUserGroup: {
    method: 'DELETE',
    path: '/user_groups/:user_group_id',
    auth: 'user',
    summary: 'Delete a user group',
    params: groupId,
    success: {},
  },
  updateUserGroupMembers: {
    method: 'POST',
    path: '/user_groups/:user_group_id/members',
    auth: 'user',
    summary: 'Add users to a user group and remove others',
    params: {
      ...groupId,
      add: p.json<unknown>({ default: [], schema: userIdList }),
      delete: p.json<unknown>({ default: [], schema: userIdList }),
    },
    success: {},
  },
  getAlertWords: {
    method: 'GET',
    path: '/users/me/alert_words',
    auth: 'user',
    summary: "The caller's alert words",
    params: {},
    success: { alert_words: 'array' },
  },
  addAlertWords: {
    method: 'POST',
    path: '/users/me/alert_words',
    auth: 'user',
    summary: "Add alert words; answers with the caller's whole list",
    params: alertWords,
    success: { alert_words: 'array' },
  },
  removeAlertWords: {
    method: 'DELETE',
    path: '/users/me/alert_words',
    auth: 'user',
    summary: "Remove alert words; answers with the caller's whole list",
    params: alertWords,
    success: { alert_words: 'array' },
  },
  updateRealm: {
    method: 'PATCH',
    path: '/realm',
    auth: 'user',
    summary: "Change the realm's settings (administrators)",
    params: realmUpdateParams,
    // The fields that changed (a text field's value reads "updated").
    success: { '*': 'any' },
  },
  getCustomProfileFields: {
    method: 'GET',
    path: '/realm/profile_fields',
    auth: 'user',
    summary: "The realm's custom profile fields",
    params: {},
    success: { custom_fields: 'array' },
  },
  createCustomProfileField: {
    method: 'POST',
    path: '/realm/profile_fields',
    auth: 'user',
    summary: 'Add a custom profile field (administrators)',
    params: {
      name: p.string({ default: '' }),
      hint: p.string({ default: '' }),
      field_type: p.int({ required: true }),
      field_data: p.json<unknown>({ default: {}, schema: { description: 'JSON dict (choices of a list-of-options field)' } }),
    },
    success: { id: 'integer' },
  },
  deleteCustomProfileField: {
    method: 'DELETE',
    path: '/realm/profile_fields/:field_id',
    auth: 'user',
    summary: 'Delete a custom profile field and its values (administrators)',
    params: { field_id: p.int({ required: true }) },
    success: {},
  },
  updateProfileData: {
    method: 'PATCH',
    path: '/users/me/profile_data',
    auth: 'user',
    summary: "Set the caller's values of custom profile fields",
    params: { data: p.json<unknown>({ required: true, schema: { description: 'JSON list of {id, value}' } }) },
    success: {},
  },
} as const;
