/**
 * The settings service's endpoints for a user's and a realm's preferences: notification and
 * display settings, custom emoji, presence and status, user groups, alert words, realm settings
 * and custom profile fields. Declared in settingsEndpoints (settings.ts), in this order.
 */
import * as p from '../params';
import type { ParamDocs } from '../params';
import { jsonOrPlainString } from '../validators';
import { realmUpdateParams } from './settings-realm';

/** settings.MAX_EMOJI_FILE_SIZE, in MB. */
export const MAX_EMOJI_FILE_MB = 5;

/** A text parameter that may also come JSON-encoded, as Zulip's settings take it. */
export const text = (docs: ParamDocs = {}) => p.custom((raw) => jsonOrPlainString(raw), { encoding: 'plain-or-json', ...docs });

const emojiName = { emoji_name: p.string({ required: true, description: 'The name of the custom emoji.', example: 'green_tick' }) };
const groupId = { user_group_id: p.int({ required: true, description: 'The id of the user group.', example: 2 }) };
/** Checked by the handler (Zulip's check_list(check_int) messages), so the schema does not restrict it. */
const userIdList = { description: 'JSON list of user ids' };
const alertWords = {
  alert_words: p.json<unknown>({
    default: [],
    schema: { description: 'JSON list of words (checked by the handler)' },
    description: 'The words.',
    example: ['castle', 'ghost'],
  }),
};

/** Zulip 2.1's notification settings, which PATCH /settings/notifications and /settings take. */
const notificationSettingParams = {
  enable_stream_desktop_notifications: p.bool({ description: 'Desktop notifications for messages in streams.' }),
  enable_stream_email_notifications: p.bool({ description: 'E-mails for messages in streams.' }),
  enable_stream_push_notifications: p.bool({ description: 'Mobile notifications for messages in streams.' }),
  enable_stream_audible_notifications: p.bool({ description: 'A sound for messages in streams.' }),
  notification_sound: text({ description: 'The name of the sound played for notifications.', example: 'ding', sample: false }),
  enable_desktop_notifications: p.bool({ description: 'Desktop notifications for private messages and mentions.' }),
  enable_sounds: p.bool({ description: 'A sound for private messages and mentions.', example: true }),
  enable_offline_email_notifications: p.bool({ description: 'E-mails for private messages and mentions while away.' }),
  enable_offline_push_notifications: p.bool({ description: 'Mobile notifications for private messages and mentions while away.' }),
  enable_online_push_notifications: p.bool({ description: 'Mobile notifications for private messages and mentions while active too.' }),
  enable_digest_emails: p.bool({ description: 'Digest e-mails of what happened while away.' }),
  enable_login_emails: p.bool({ description: 'An e-mail at each new login.' }),
  message_content_in_email_notifications: p.bool({ description: 'Whether notification e-mails include the message.' }),
  pm_content_in_desktop_notifications: p.bool({ description: 'Whether desktop notifications show the content of private messages.' }),
  wildcard_mentions_notify: p.bool({ description: 'Whether @all and @everyone notify as a personal mention does.' }),
  desktop_icon_count_display: p.int({
    description: "What the desktop icon's count shows: 1 all unread messages, 2 private messages and mentions, 3 nothing.",
    example: 2,
    sample: false,
  }),
  realm_name_in_notifications: p.bool({ description: "Whether the realm's name is in the subject of notification e-mails." }),
};

/** Zulip 2.1's display settings, which PATCH /settings/display and /settings take. */
const displaySettingParams = {
  twenty_four_hour_time: p.bool({ description: 'Times shown on a 24-hour clock.' }),
  dense_mode: p.bool({ description: 'A denser layout.' }),
  starred_message_counts: p.bool({ description: 'The count of starred messages shown.' }),
  fluid_layout_width: p.bool({ description: 'The layout uses the whole window width.' }),
  high_contrast_mode: p.bool({ description: 'Higher contrast colors.' }),
  night_mode: p.bool({ description: 'The dark theme.', example: true }),
  translate_emoticons: p.bool({ description: 'Emoticons such as `:)` turned into emoji when sending.' }),
  default_language: text({ description: 'The language of the interface, as a code such as `en`.', example: 'de', sample: false }),
  left_side_userlist: p.bool({ description: 'The user list in the left sidebar.' }),
  emojiset: text({ description: 'The emoji style: `google`, `google-blob`, `twitter` or `text`.', example: 'google', sample: false }),
  demote_inactive_streams: p.int({
    description: 'Whether inactive streams are shown apart: 1 automatically, 2 always, 3 never.',
    example: 1,
    sample: false,
  }),
  timezone: text({ description: 'The IANA time zone, e.g. `Europe/Copenhagen`.', example: 'Europe/Copenhagen', sample: false }),
};

/** The settings only PATCH /settings takes (LATER_SETTING_DEFAULTS in @chat/views). */
const laterSettingParams = {
  enter_sends: p.bool({ description: 'Whether Enter sends the message being composed.', example: true }),
  presence_enabled: p.bool({ description: 'Whether others see when the caller is online.' }),
  send_private_typing_notifications: p.bool({ description: 'Whether others are told when the caller types a private message.' }),
  send_stream_typing_notifications: p.bool({ description: 'Whether others are told when the caller types in a stream.' }),
  send_read_receipts: p.bool({ description: 'Whether others may see that the caller read their messages.' }),
  display_emoji_reaction_users: p.bool({ description: 'Whether reactions show who reacted rather than a count.' }),
  enable_followed_topic_desktop_notifications: p.bool({
    description: 'Desktop notifications (and Web Push) for messages in followed topics (feature level 189).',
  }),
  enable_followed_topic_email_notifications: p.bool({ description: 'E-mails for messages in followed topics (feature level 189).' }),
  enable_followed_topic_push_notifications: p.bool({
    description: 'Mobile notifications for messages in followed topics (feature level 189).',
  }),
  enable_followed_topic_audible_notifications: p.bool({ description: 'A sound for messages in followed topics (feature level 189).' }),
  enable_followed_topic_wildcard_mentions_notify: p.bool({
    description: 'Whether @all in a followed topic notifies as a personal mention does (feature level 189).',
  }),
};

export const settingsPreferenceEndpoints = {
  updateNotificationSettings: {
    method: 'PATCH',
    path: '/settings/notifications',
    auth: 'user',
    summary: "Change the caller's notification settings",
    description: 'The older endpoint for the notification settings; the answer lists those that changed, with their new values.',
    python: 'update_notification_settings(request)',
    params: notificationSettingParams,
    // The settings that changed, with their new values.
    success: { '*': ['any', 'Each setting that changed, with its new value.'] },
  },
  updateDisplaySettings: {
    method: 'PATCH',
    path: '/settings/display',
    auth: 'user',
    summary: "Change the caller's display settings (language, timezone, emoji set, layout)",
    description: 'The older endpoint for the display settings; the answer lists those that changed, with their new values.',
    params: displaySettingParams,
    // The settings that changed, with their new values.
    success: { '*': ['any', 'Each setting that changed, with its new value.'] },
  },
  // Zulip's one endpoint for every personal setting since feature level 80; like Zulip's since
  // feature level 78, it answers without the changed values.
  updateSettings: {
    method: 'PATCH',
    path: '/settings',
    auth: 'user',
    summary: "Change any of the caller's personal settings (display, notification and the later ones)",
    // Zulip 2.1's json_change_settings also changes the password (old and new together).
    description: "Changes any of the caller's own settings in one request, and their password when both the old and the new one are given.",
    params: {
      ...displaySettingParams,
      ...notificationSettingParams,
      ...laterSettingParams,
      full_name: text({
        description: "The caller's new full name; refused when the realm keeps name changes to administrators.",
        example: 'Prince Hamlet',
        sample: false,
      }),
      old_password: p.string({ description: 'The current password, to change it.', example: 'old secret', sample: false }),
      new_password: p.string({ description: 'The new password.', example: 'new secret', sample: false }),
    },
    success: {},
  },
  getRealmEmoji: {
    method: 'GET',
    path: '/realm/emoji',
    auth: 'user',
    summary: "The realm's custom emoji, deactivated ones included",
    description: "Lists the realm's custom emoji by id, each with its name, image URL, author and whether it is deactivated.",
    python: 'get_realm_emoji()',
    params: {},
    success: { emoji: ['object', 'The emoji, keyed by id.'] },
  },
  uploadCustomEmoji: {
    method: 'POST',
    path: '/realm/emoji/:emoji_name',
    auth: 'user',
    summary: 'Add a custom emoji from an uploaded image',
    description: 'Adds a custom emoji from one image file sent as multipart/form-data (at most 5 MB).',
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
    description: "Deactivates a custom emoji: existing messages keep showing it. Administrators, or the emoji's author.",
    python: 'delete_custom_emoji(emoji_name)',
    params: emojiName,
    success: {},
  },
  getCustomEmojiImage: {
    method: 'GET',
    path: '/user_avatars/*path',
    auth: 'public',
    root: true,
    summary: "A custom emoji's image, a user's avatar or the realm's icon or logo, where its URL points: the answer is the image itself",
    // Zulip's serve_local_avatar_unauthed: no login, since the images appear wherever messages
    // do (e-mails, notifications); their names are the emoji's ids or hashes, and never reused.
    description:
      "Serves, to anyone and with a year's cache, the image of a custom emoji (deactivated ones too, which old messages show) at " +
      'its `source_url`, `/user_avatars/<realm_id>/emoji/images/<file>`, and the still of an animated one at its `still_url`; ' +
      "an uploaded avatar at its `avatar_url` / `avatar_url_medium`; the realm's uploaded icon and logos at `realm_icon_url`, " +
      '`realm_logo_url` and `realm_night_logo_url`. A new image is a new file name, so a file never changes. Any other path is a 404.',
    pathSegments: { path: { description: 'The rest of the image URL.', example: '2/emoji/images/7.png' } },
    params: {},
    success: {},
    errors: [404],
  },
  updatePresence: {
    method: 'POST',
    path: '/users/me/presence',
    auth: 'user',
    summary: "Report the caller's presence (active or idle) and get the realm's",
    description: "Tells the server the caller is active or idle, as clients do every minute, and answers with everyone's presence.",
    python: 'update_presence(request)',
    params: {
      status: p.string({ required: true, description: '`active` or `idle`.', example: 'active' }),
      ping_only: p.bool({ default: false, description: "Whether to skip the realm's presences in the answer." }),
      new_user_input: p.bool({ default: false, description: 'Whether the person used the client since the last report.' }),
      // The realm's presences keyed by user id, in the modern shape.
      slim_presence: p.bool({
        default: false,
        description: 'Whether presences are keyed by user id (the newer shape) rather than e-mail.',
      }),
    },
    // Not with ping_only.
    success: {
      presences: ['object?', "The realm's presences, by e-mail or user id."],
      server_timestamp: ['number?', "The server's time, in seconds."],
    },
  },
  getRealmPresence: {
    method: 'GET',
    path: '/realm/presence',
    auth: 'user',
    summary: "The presence of the realm's users",
    description: 'The presence of every user of the realm: when each client was last active or idle.',
    python: 'get_realm_presence()',
    params: {},
    success: {
      presences: ['object', "By e-mail: each client's status and time."],
      server_timestamp: ['number', "The server's time, in seconds."],
    },
  },
  getUserPresence: {
    method: 'GET',
    path: '/users/:email/presence',
    auth: 'user',
    summary: "One user's presence, per client and aggregated",
    description: "One user's presence, per client and aggregated.",
    python: 'get_user_presence(email)',
    params: { email: p.string({ required: true, description: 'The e-mail address of the user.', example: 'iago@zulip.com' }) },
    success: { presence: ['object', 'By client name, and `aggregated`: status and time.'] },
  },
  updateStatus: {
    method: 'POST',
    path: '/users/me/status',
    auth: 'user',
    summary: "Set the caller's status: away, and a status text",
    description: 'Sets whether the caller is away, and a short status text others see.',
    params: {
      away: p.bool({ description: 'Whether the caller is away.', sample: false }),
      status_text: p.string({ description: 'The status text (at most 60 characters); empty clears it.', example: 'On vacation' }),
    },
    success: {},
  },
  getUserGroups: {
    method: 'GET',
    path: '/user_groups',
    auth: 'user',
    summary: "The realm's user groups with their members",
    description: "Lists the realm's user groups, each with its members' ids.",
    python: 'get_user_groups()',
    params: {},
    success: { user_groups: ['array', 'Each `{id, name, description, members}`.'] },
  },
  createUserGroup: {
    method: 'POST',
    path: '/user_groups/create',
    auth: 'user',
    summary: 'Create a user group',
    description: 'Creates a user group that messages can mention as `@*name*`.',
    python: 'create_user_group(request)',
    params: {
      name: p.string({ required: true, description: 'The name of the group.', example: 'marketing' }),
      description: p.string({ required: true, description: 'What the group is for.', example: 'The marketing team' }),
      members: p.json<unknown>({ required: true, schema: userIdList, description: 'The ids of its members.', example: [9, 10] }),
    },
    success: {},
  },
  updateUserGroup: {
    method: 'PATCH',
    path: '/user_groups/:user_group_id',
    auth: 'user',
    summary: "Change a user group's name or description",
    description: 'Renames a user group or changes its description.',
    params: {
      ...groupId,
      // Plain strings; an empty one means "unchanged", as Zulip's edit_user_group.
      name: p.string({ default: '', description: 'The new name; empty: unchanged.', example: 'marketing team', sample: true }),
      description: p.string({ default: '', description: 'The new description; empty: unchanged.', example: 'The marketing team' }),
    },
    success: {},
  },
  removeUserGroup: {
    method: 'DELETE',
    path: '/user_groups/:user_group_id',
    auth: 'user',
    summary: 'Delete a user group',
    description: 'Deletes a user group.',
    python: 'remove_user_group(user_group_id)',
    params: groupId,
    success: {},
  },
  updateUserGroupMembers: {
    method: 'POST',
    path: '/user_groups/:user_group_id/members',
    auth: 'user',
    summary: 'Add users to a user group and remove others',
    description: 'Adds users to a group and removes others, in one request.',
    python: 'update_user_group_members(user_group_id, request)',
    params: {
      ...groupId,
      add: p.json<unknown>({ default: [], schema: userIdList, description: 'The ids of users to add.', example: [11], sample: true }),
      delete: p.json<unknown>({
        default: [],
        schema: userIdList,
        description: 'The ids of members to remove.',
        example: [10],
        sample: true,
      }),
    },
    success: {},
  },
  getAlertWords: {
    method: 'GET',
    path: '/users/me/alert_words',
    auth: 'user',
    summary: "The caller's alert words",
    description: 'Lists the words that mark a message as mentioning the caller.',
    python: 'get_alert_words()',
    params: {},
    success: { alert_words: ['array', 'The words.'] },
  },
  addAlertWords: {
    method: 'POST',
    path: '/users/me/alert_words',
    auth: 'user',
    summary: "Add alert words; answers with the caller's whole list",
    description: 'Adds alert words: messages containing one notify the caller as a mention does.',
    python: 'add_alert_words(alert_words)',
    params: alertWords,
    success: { alert_words: ['array', "The caller's alert words now."] },
  },
  removeAlertWords: {
    method: 'DELETE',
    path: '/users/me/alert_words',
    auth: 'user',
    summary: "Remove alert words; answers with the caller's whole list",
    description: 'Removes alert words.',
    python: 'remove_alert_words(alert_words)',
    params: alertWords,
    success: { alert_words: ['array', "The caller's alert words now."] },
  },
  updateRealm: {
    method: 'PATCH',
    path: '/realm',
    auth: 'user',
    summary: "Change the realm's settings (administrators)",
    description: "Changes the realm's settings: its name, description, policies and limits. Administrators only.",
    params: realmUpdateParams,
    // The fields that changed (a text field's value reads "updated").
    success: { '*': ['any', 'Each setting that changed, with its new value (a text setting: `updated`).'] },
  },
  getCustomProfileFields: {
    method: 'GET',
    path: '/realm/profile_fields',
    auth: 'user',
    summary: "The realm's custom profile fields",
    description: "Lists the realm's custom profile fields, in their order.",
    python: 'get_realm_profile_fields()',
    params: {},
    success: { custom_fields: ['array', 'Each `{id, type, order, name, hint, field_data}`.'] },
  },
  createCustomProfileField: {
    method: 'POST',
    path: '/realm/profile_fields',
    auth: 'user',
    summary: 'Add a custom profile field (administrators)',
    description: "Adds a field every user's profile may fill (a phone number, a team...). Administrators only.",
    python: 'create_realm_profile_field(**request)',
    params: {
      name: p.string({ default: '', description: 'The name of the field.', example: 'Favorite food', sample: true }),
      hint: p.string({ default: '', description: 'A hint shown to users filling it.', example: 'Or drink', sample: true }),
      field_type: p.int({
        required: true,
        description: 'Its kind: 1 short text, 2 long text, 3 a choice, 4 a date, 5 a link, 6 users, 7 an external account.',
        example: 1,
      }),
      field_data: p.json<unknown>({
        default: {},
        schema: { description: 'JSON dict (choices of a list-of-options field)' },
        description: 'For a choice field, its choices; for an external account, which one.',
        example: {},
      }),
    },
    success: { id: ['integer', 'The id of the new field.'] },
  },
  deleteCustomProfileField: {
    method: 'DELETE',
    path: '/realm/profile_fields/:field_id',
    auth: 'user',
    summary: 'Delete a custom profile field and its values (administrators)',
    description: "Deletes a custom profile field and every user's value for it. Administrators only.",
    python: 'remove_realm_profile_field(field_id)',
    params: { field_id: p.int({ required: true, description: 'The id of the field.', example: 4 }) },
    success: {},
  },
  updateProfileData: {
    method: 'PATCH',
    path: '/users/me/profile_data',
    auth: 'user',
    summary: "Set the caller's values of custom profile fields",
    description: "Sets the caller's values of custom profile fields.",
    params: {
      data: p.json<unknown>({
        required: true,
        schema: { description: 'JSON list of {id, value}' },
        description: 'The values, each `{id, value}`.',
        example: [{ id: 4, value: 'pizza' }],
      }),
    },
    success: {},
  },
} as const;
