/**
 * The settings service: server settings, API keys, users and bots, per-user settings, presence,
 * custom emoji, user groups, alert words, realm settings and custom profile fields.
 */
import { badRequest } from '@chat/errors';
import { declareEndpoints } from '../contract';
import * as p from '../params';
import { nonNegativeInt, urlParam } from '../validators';
import { settingsModernEndpoints } from './settings-modern';
import { settingsWebPushEndpoints } from './settings-web-push';
import { settingsUnsubscribeEndpoints } from './settings-unsubscribe';
import { settingsSessionEndpoints } from './settings-session';
import { settingsExternalAuthEndpoints } from './settings-external-auth';
import { settingsInviteEndpoints } from './settings-invites';
import { settingsPasswordResetEndpoints } from './settings-password-reset';
import { settingsTwoFactorEndpoints } from './settings-two-factor';
import { settingsPreferenceEndpoints, text } from './settings-preferences';
import { settingsBotStorageEndpoints } from './settings-bot-storage';
import { settingsProfileFieldEndpoints } from './settings-profile-fields';
import { settingsRealmDomainEndpoints } from './settings-realm-domains';
import { settingsOwnAccountEndpoints } from './settings-own-account';
import { settingsRealmDeactivationEndpoints } from './settings-realm-deactivation';
import { settingsRealmImageEndpoints } from './settings-realm-images';
import { settingsZcommandEndpoints } from './settings-zcommand';

export { REALM_PROPERTY_TYPES, type RealmProperty } from './settings-realm';
export { MAX_EMOJI_FILE_MB } from './settings-preferences';
export { MAX_AVATAR_FILE_MB } from './settings-own-account';
export { MAX_ICON_FILE_MB, MAX_LOGO_FILE_MB } from './settings-realm-images';

const pointerParams = {
  pointer: p.custom(nonNegativeInt, {
    required: true,
    rangeError: () => badRequest('Invalid message ID'),
    schema: { type: 'integer' },
    description: 'The id of the message read up to; a smaller one than the current pointer is ignored.',
    example: 42,
  }),
};
const userId = { user_id: p.int({ required: true, description: 'The id of the user.', example: 10 }) };
const botId = { bot_id: p.int({ required: true, description: 'The id of the bot.', example: 20 }) };

/** POST and PUT of /users/me/pointer: the same update under both methods, as Zulip. */
const pointerUpdate = {
  path: '/users/me/pointer',
  auth: 'user',
  summary: "Move the caller's pointer (the message they have read up to) forward",
  description: "Moves the caller's pointer: the message the older clients scroll back to.",
  params: pointerParams,
  success: {},
} as const;

export const settingsEndpoints = declareEndpoints('settings', {
  getServerSettings: {
    method: 'GET',
    path: '/server_settings',
    auth: 'public',
    summary: "The server's version and login methods, and the realm's name and icon when the host names one",
    description:
      'Tells a client, before it logs in, which server this is (version, feature level) and how users log in; with a ' +
      "realm's host, also the realm's name, icon and description. No authentication.",
    python: 'get_server_settings()',
    params: {},
    success: {
      authentication_methods: ['object', 'Each login method by name: whether it is enabled.'],
      zulip_version: ['string', 'The version of the Zulip API served.'],
      zulip_feature_level: ['integer', 'The API feature level: what a client may rely on.'],
      zulip_merge_base: ['string', 'The version this server follows.'],
      service_version: ['string', 'The version of this server.'],
      push_notifications_enabled: ['boolean', 'Whether mobile push notifications are sent (never here).'],
      is_incompatible: ['boolean', "Whether the calling client's version is too old for this server."],
      email_auth_enabled: ['boolean', 'Whether e-mail and password logins are allowed.'],
      require_email_format_usernames: ['boolean', 'Whether usernames are e-mail addresses.'],
      external_authentication_methods: ['array', 'Other login methods, in display order.'],
      realm_uri: ['string?', "The realm's URL (the older name)."],
      realm_url: ['string?', "The realm's URL."],
      realm_web_public_access_enabled: ['boolean?', 'Whether the realm may be read without an account.'],
      realm_name: ['string?', "The realm's name."],
      realm_icon: ['string?', "The URL of the realm's icon."],
      realm_description: ['string?', "The realm's description, in HTML."],
      web_push_vapid_public_key: [
        'string?',
        "This server's extension: the VAPID public key browsers subscribe with (absent: Web Push is off).",
      ],
    },
  },
  // Declared on every server, as in Zulip: production answers "Dev environment not enabled."
  devFetchApiKey: {
    method: 'POST',
    path: '/dev_fetch_api_key',
    limitPerClient: true,
    auth: 'public',
    summary: "Any user's API key from their e-mail alone (development servers only)",
    description: "On a development server, gives anyone's API key from their e-mail address alone; a production server refuses.",
    params: { username: p.string({ required: true, description: 'The e-mail address of the user.', example: 'hamlet@zulip.com' }) },
    success: { api_key: ['string', 'Their API key.'], email: ['string', 'Their e-mail address.'], user_id: ['integer', 'Their id.'] },
    errors: [403],
  },
  fetchApiKey: {
    method: 'POST',
    path: '/fetch_api_key',
    limitPerClient: true,
    auth: 'public',
    summary: "A user's API key from their e-mail and password",
    description:
      'Logs in with an e-mail address and password and answers the API key to use with HTTP Basic. Failed attempts are limited (5 per 30 minutes). ' +
      'Unlike Zulip, refused (403, code TWO_FACTOR_ENABLED) for an account with two-factor authentication: its key is shown in the web client.',
    params: {
      username: p.string({ required: true, description: 'The e-mail address.', example: 'hamlet@zulip.com' }),
      password: p.string({ required: true, description: 'The password.', example: 'secret' }),
    },
    success: { api_key: ['string', 'The API key.'], email: ['string', 'The e-mail address.'], user_id: ['integer', 'The id of the user.'] },
    errors: [403],
  },
  getOwnUser: {
    method: 'GET',
    path: '/users/me',
    auth: 'user',
    summary: "The caller's own profile, with their pointer and custom profile fields",
    description: "The caller's own profile: who they are, their role, their pointer and their custom profile fields.",
    python: 'get_profile()',
    params: {},
    success: {
      client_id: ['string', 'An id for this client session.'],
      email: ['string', 'The e-mail address others see.'],
      full_name: ['string', 'The full name.'],
      short_name: ['string', 'The short name.'],
      user_id: ['integer', 'The id.'],
      avatar_url: ['string', 'The URL of the avatar.'],
      is_admin: ['boolean', 'Whether an administrator (or owner).'],
      is_owner: ['boolean', 'Whether an owner.'],
      is_guest: ['boolean', 'Whether a guest.'],
      is_bot: ['boolean', 'Whether a bot.'],
      is_active: ['boolean', 'Whether active.'],
      timezone: ['string', 'The IANA time zone, or empty.'],
      date_joined: ['string', 'When they joined (ISO 8601).'],
      role: ['integer', 'The role: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest.'],
      avatar_version: ['integer', 'Bumped at each avatar change.'],
      delivery_email: ['string', 'The real e-mail address.'],
      pointer: ['integer', 'The pointer: the id of the message read up to, or -1.'],
      max_message_id: ['integer', 'The id of the newest message the caller has.'],
      profile_data: ['object', 'Custom profile field values by field id: `value`, and `rendered_value` for Markdown ones.'],
    },
  },
  deactivateOwnUser: {
    method: 'DELETE',
    path: '/users/me',
    auth: 'user',
    summary: "Deactivate the caller's own account (and their bots)",
    description: "Deactivates the caller's account and their bots; the last owner of a realm may not.",
    params: {},
    success: {},
  },
  getPointer: {
    method: 'GET',
    path: '/users/me/pointer',
    auth: 'user',
    summary: "The caller's pointer: the id of the message they have read up to",
    description: "The caller's pointer: the id of the message they have read up to (-1: none).",
    params: {},
    success: { pointer: ['integer', 'The id of the message, or -1.'] },
  },
  updatePointer: { method: 'POST', ...pointerUpdate },
  updatePointerPut: { method: 'PUT', ...pointerUpdate },
  regenerateOwnApiKey: {
    method: 'POST',
    path: '/users/me/api_key/regenerate',
    auth: 'user',
    summary: "Replace the caller's API key with a new one",
    description: "Replaces the caller's API key: the old one stops working at once.",
    params: {},
    success: { api_key: ['string', 'The new key.'] },
  },
  getUsers: {
    method: 'GET',
    path: '/users',
    auth: 'user',
    summary: 'Every user and bot of the realm, deactivated ones included',
    description: 'Lists every user and bot of the realm, deactivated ones included, with their roles.',
    python: 'get_members(request)',
    params: {
      client_gravatar: p.bool({ default: false, description: 'Whether `avatar_url` is left null for users on Gravatar.' }),
      include_custom_profile_fields: p.bool({
        default: false,
        description: 'Whether each user carries their custom profile field values.',
      }),
    },
    success: { members: ['array', 'The users: id, e-mail, name, role, whether a bot and active...'] },
  },
  getUser: {
    method: 'GET',
    path: '/users/:user_id',
    auth: 'user',
    summary: 'One user or bot of the realm by id, deactivated ones included',
    description: 'One user or bot of the realm, by id.',
    python: 'get_user_by_id(user_id, **request)',
    params: {
      ...userId,
      client_gravatar: p.bool({ default: false, description: 'Whether `avatar_url` is left null for a user on Gravatar.' }),
      include_custom_profile_fields: p.bool({ default: false, description: 'Whether the user carries their custom profile field values.' }),
    },
    success: { user: ['object', 'The user, as GET /users lists them.'] },
  },
  createUser: {
    method: 'POST',
    path: '/users',
    auth: 'user',
    summary: 'Create a user with a password (administrators)',
    description: "Creates a user account in the caller's realm, with a password. Administrators only.",
    python: 'create_user(request)',
    params: {
      email: p.string({ required: true, description: 'The e-mail address of the new user.', example: 'newbie@zulip.com' }),
      password: p.string({ required: true, description: 'Their password.', example: 'temporary' }),
      full_name: p.string({ required: true, description: 'Their full name.', example: 'New User' }),
      short_name: p.string({ required: true, description: 'Their short name.', example: 'newbie' }),
    },
    success: {},
  },
  updateUser: {
    method: 'PATCH',
    path: '/users/:user_id',
    auth: 'user',
    summary: "Change a user's name or role (administrators)",
    description: "Changes another user's name or role. Administrators only.",
    python: 'update_user_by_id(user_id, **request)',
    params: {
      ...userId,
      // Zulip reads full_name through a JSON string validator; a plain string works too.
      full_name: text({ description: 'The new full name, plain or as a JSON string.', example: 'Hamlet, Prince of Denmark' }),
      role: p.int({
        description:
          'The new role (feature levels 7 and 60): 200 administrator, 300 moderator, 400 member, 600 guest. When given, `is_admin` and `is_guest` are not read.',
        example: 300,
      }),
      is_admin: p.bool({ description: 'Whether they become an administrator (Zulip 2.1).', sample: false }),
      is_guest: p.bool({ description: 'Whether they become a guest (Zulip 2.1).', sample: false }),
    },
    success: {},
  },
  deactivateUser: {
    method: 'DELETE',
    path: '/users/:user_id',
    auth: 'user',
    summary: 'Deactivate a user and their bots (administrators)',
    description: 'Deactivates a user and their bots: they can no longer log in. Administrators only.',
    python: 'deactivate_user_by_id(user_id)',
    params: userId,
    success: {},
  },
  reactivateUser: {
    method: 'POST',
    path: '/users/:user_id/reactivate',
    auth: 'user',
    summary: 'Reactivate a deactivated user or bot (administrators)',
    description: 'Lets a deactivated user or bot log in again. Administrators only.',
    python: 'reactivate_user_by_id(user_id)',
    params: userId,
    success: {},
  },
  createBot: {
    method: 'POST',
    path: '/bots',
    auth: 'user',
    summary: 'Create a bot owned by the caller',
    description: 'Creates a bot owned by the caller and answers its API key.',
    params: {
      full_name: p.string({ required: true, description: 'The name of the bot.', example: 'Castle Bot' }),
      short_name: p.string({
        required: true,
        description: 'The start of its e-mail address (`<short_name>-bot@<domain>`).',
        example: 'castle',
      }),
      bot_type: p.int({ default: 1, description: 'Its kind: 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded.' }),
      // An outgoing-webhook bot's (bot_type 3) endpoint and payload form: 1 generic, 2 slack.
      payload_url: p.custom(urlParam, {
        description: 'For an outgoing-webhook bot: the URL its messages are posted to.',
        example: 'https://bots.example.com/castle',
        sample: false,
      }),
      interface_type: p.int({ default: 1, description: "For an outgoing-webhook bot: the payload's form, 1 Zulip's own, 2 Slack's." }),
      service_name: p.string({
        description: "For an outgoing-webhook bot: its service's name (default: its short name).",
        example: 'castle',
        sample: false,
      }),
    },
    success: {
      user_id: ['integer', 'The id of the bot.'],
      api_key: ['string', 'Its API key.'],
      avatar_url: ['string', 'Its avatar.'],
      default_sending_stream: ['any', 'Its default stream to post to, or null.'],
      default_events_register_stream: ['any', 'Its default stream for events, or null.'],
      default_all_public_streams: ['boolean', 'Whether its queues get all public streams by default.'],
    },
  },
  getBots: {
    method: 'GET',
    path: '/bots',
    auth: 'user',
    summary: "The caller's bots (and their bots' bots), with their API keys",
    description: 'Lists the bots the caller owns, with their API keys.',
    params: {},
    success: { bots: ['array', 'The bots: id, name, e-mail, API key, type...'] },
  },
  updateBot: {
    method: 'PATCH',
    path: '/bots/:bot_id',
    auth: 'user',
    summary: "Change a bot's name, owner, default_all_public_streams or outgoing-webhook endpoint",
    description:
      'Changes a bot the caller owns (or any, for an administrator): its name, owner, whether it sees all public streams, ' +
      "or an outgoing-webhook bot's URL and payload form.",
    params: {
      ...botId,
      full_name: text({ description: 'The new name, plain or as a JSON string.', example: 'Elsinore Bot' }),
      bot_owner_id: p.int({ description: 'The id of its new owner.', example: 10, sample: false }),
      default_all_public_streams: p.bool({ description: 'Whether its queues get all public streams by default.', sample: false }),
      service_payload_url: p.custom(urlParam, {
        description: "An outgoing-webhook bot's new URL.",
        example: 'https://bots.example.com/elsinore',
        sample: false,
      }),
      service_interface: p.int({
        default: 1,
        description: "An outgoing-webhook bot's payload form: 1 Zulip's own, 2 Slack's.",
        sample: false,
      }),
    },
    success: {
      full_name: ['string', 'Its name now.'],
      avatar_url: ['string', 'Its avatar.'],
      service_interface: ['any', 'For an outgoing webhook bot: its interface, else null.'],
      service_payload_url: ['any', 'For an outgoing webhook bot: its URL, else null.'],
      config_data: ['any', 'For an embedded bot: its configuration, else null.'],
      default_sending_stream: ['any', 'Its default stream to post to, or null.'],
      default_events_register_stream: ['any', 'Its default stream for events, or null.'],
      default_all_public_streams: ['boolean', 'Whether its queues get all public streams by default.'],
      // Only for a bot that has an owner.
      bot_owner: ['string?', 'The e-mail address of its owner.'],
    },
  },
  deactivateBot: {
    method: 'DELETE',
    path: '/bots/:bot_id',
    auth: 'user',
    summary: 'Deactivate a bot',
    description: 'Deactivates a bot: its key stops working.',
    params: botId,
    success: {},
  },
  regenerateBotApiKey: {
    method: 'POST',
    path: '/bots/:bot_id/api_key/regenerate',
    auth: 'user',
    summary: "Replace a bot's API key with a new one",
    description: "Replaces a bot's API key: the old one stops working at once.",
    params: botId,
    success: { api_key: ['string', 'The new key.'] },
  },
  ...settingsPreferenceEndpoints,
  ...settingsModernEndpoints,
  ...settingsSessionEndpoints,
  ...settingsExternalAuthEndpoints,
  ...settingsBotStorageEndpoints,
  ...settingsProfileFieldEndpoints,
  ...settingsRealmDomainEndpoints,
  ...settingsRealmDeactivationEndpoints,
  ...settingsRealmImageEndpoints,
  ...settingsOwnAccountEndpoints,
  ...settingsZcommandEndpoints,
  ...settingsInviteEndpoints,
  ...settingsPasswordResetEndpoints,
  ...settingsTwoFactorEndpoints,
  ...settingsWebPushEndpoints,
  ...settingsUnsubscribeEndpoints,
});
