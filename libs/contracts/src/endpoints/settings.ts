/**
 * The settings service: server settings, API keys, users and bots, per-user settings, presence,
 * custom emoji, user groups, alert words, realm settings and custom profile fields.
 */
import { badRequest } from '@chat/errors';
import { declareEndpoints } from '../contract';
import * as p from '../params';
import { nonNegativeInt } from '../validators';
import { settingsModernEndpoints } from './settings-modern';
import { settingsSessionEndpoints } from './settings-session';
import { settingsPreferenceEndpoints, text } from './settings-preferences';

export { REALM_PROPERTY_TYPES, type RealmProperty } from './settings-realm';
export { MAX_EMOJI_FILE_MB } from './settings-preferences';

const pointerParams = { pointer: p.custom(nonNegativeInt, { required: true, rangeError: () => badRequest('Invalid message ID') }) };
const userId = { user_id: p.int({ required: true }) };
const botId = { bot_id: p.int({ required: true }) };

/** POST and PUT of /users/me/pointer: the same update under both methods, as Zulip. */
const pointerUpdate = {
  path: '/users/me/pointer',
  auth: 'user',
  summary: "Move the caller's pointer (the message they have read up to) forward",
  params: pointerParams,
  success: {},
} as const;

export const settingsEndpoints = declareEndpoints('settings', {
  getServerSettings: {
    method: 'GET',
    path: '/server_settings',
    auth: 'public',
    summary: "The server's version and login methods, and the realm's name and icon when the host names one",
    params: {},
    success: {
      authentication_methods: 'object',
      zulip_version: 'string',
      zulip_feature_level: 'integer',
      zulip_merge_base: 'string',
      service_version: 'string',
      push_notifications_enabled: 'boolean',
      is_incompatible: 'boolean',
      email_auth_enabled: 'boolean',
      require_email_format_usernames: 'boolean',
      external_authentication_methods: 'array',
      realm_uri: 'string?',
      realm_url: 'string?',
      realm_web_public_access_enabled: 'boolean?',
      realm_name: 'string?',
      realm_icon: 'string?',
      realm_description: 'string?',
    },
  },
  // Declared on every server, as in Zulip: production answers "Dev environment not enabled."
  devFetchApiKey: {
    method: 'POST',
    path: '/dev_fetch_api_key',
    auth: 'public',
    summary: "Any user's API key from their e-mail alone (development servers only)",
    params: { username: p.string({ required: true }) },
    success: { api_key: 'string', email: 'string', user_id: 'integer' },
    errors: [403],
  },
  fetchApiKey: {
    method: 'POST',
    path: '/fetch_api_key',
    auth: 'public',
    summary: "A user's API key from their e-mail and password",
    params: { username: p.string({ required: true }), password: p.string({ required: true }) },
    success: { api_key: 'string', email: 'string', user_id: 'integer' },
    errors: [403],
  },
  getOwnUser: {
    method: 'GET',
    path: '/users/me',
    auth: 'user',
    summary: "The caller's own profile, with their pointer and custom profile fields",
    params: {},
    success: {
      client_id: 'string',
      email: 'string',
      full_name: 'string',
      short_name: 'string',
      user_id: 'integer',
      avatar_url: 'string',
      is_admin: 'boolean',
      is_owner: 'boolean',
      is_guest: 'boolean',
      is_bot: 'boolean',
      is_active: 'boolean',
      timezone: 'string',
      date_joined: 'string',
      role: 'integer',
      avatar_version: 'integer',
      delivery_email: 'string',
      pointer: 'integer',
      max_message_id: 'integer',
      profile_data: 'object',
    },
  },
  deactivateOwnUser: {
    method: 'DELETE',
    path: '/users/me',
    auth: 'user',
    summary: "Deactivate the caller's own account (and their bots)",
    params: {},
    success: {},
  },
  getPointer: {
    method: 'GET',
    path: '/users/me/pointer',
    auth: 'user',
    summary: "The caller's pointer: the id of the message they have read up to",
    params: {},
    success: { pointer: 'integer' },
  },
  updatePointer: { method: 'POST', ...pointerUpdate },
  updatePointerPut: { method: 'PUT', ...pointerUpdate },
  regenerateOwnApiKey: {
    method: 'POST',
    path: '/users/me/api_key/regenerate',
    auth: 'user',
    summary: "Replace the caller's API key with a new one",
    params: {},
    success: { api_key: 'string' },
  },
  getUsers: {
    method: 'GET',
    path: '/users',
    auth: 'user',
    summary: "Every user and bot of the realm, deactivated ones included",
    params: {
      client_gravatar: p.bool({ default: false }),
      include_custom_profile_fields: p.bool({ default: false }),
    },
    success: { members: 'array' },
  },
  getUser: {
    method: 'GET',
    path: '/users/:user_id',
    auth: 'user',
    summary: 'One user or bot of the realm by id, deactivated ones included',
    params: {
      ...userId,
      client_gravatar: p.bool({ default: false }),
      include_custom_profile_fields: p.bool({ default: false }),
    },
    success: { user: 'object' },
  },
  createUser: {
    method: 'POST',
    path: '/users',
    auth: 'user',
    summary: 'Create a user with a password (administrators)',
    params: {
      email: p.string({ required: true }),
      password: p.string({ required: true }),
      full_name: p.string({ required: true }),
      short_name: p.string({ required: true }),
    },
    success: {},
  },
  updateUser: {
    method: 'PATCH',
    path: '/users/:user_id',
    auth: 'user',
    summary: "Change a user's name or role (administrators)",
    params: {
      ...userId,
      // Zulip reads full_name through a JSON string validator; a plain string works too.
      full_name: text(),
      is_admin: p.bool(),
      is_guest: p.bool(),
    },
    success: {},
  },
  deactivateUser: {
    method: 'DELETE',
    path: '/users/:user_id',
    auth: 'user',
    summary: 'Deactivate a user and their bots (administrators)',
    params: userId,
    success: {},
  },
  reactivateUser: {
    method: 'POST',
    path: '/users/:user_id/reactivate',
    auth: 'user',
    summary: 'Reactivate a deactivated user or bot (administrators)',
    params: userId,
    success: {},
  },
  createBot: {
    method: 'POST',
    path: '/bots',
    auth: 'user',
    summary: 'Create a bot owned by the caller',
    params: {
      full_name: p.string({ required: true }),
      short_name: p.string({ required: true }),
      bot_type: p.int({ default: 1 }),
    },
    success: {
      user_id: 'integer',
      api_key: 'string',
      avatar_url: 'string',
      default_sending_stream: 'any',
      default_events_register_stream: 'any',
      default_all_public_streams: 'boolean',
    },
  },
  getBots: {
    method: 'GET',
    path: '/bots',
    auth: 'user',
    summary: "The caller's bots (and their bots' bots), with their API keys",
    params: {},
    success: { bots: 'array' },
  },
  updateBot: {
    method: 'PATCH',
    path: '/bots/:bot_id',
    auth: 'user',
    summary: "Change a bot's name, owner or default_all_public_streams",
    params: {
      ...botId,
      full_name: text(),
      bot_owner_id: p.int(),
      default_all_public_streams: p.bool(),
    },
    success: {
      full_name: 'string',
      avatar_url: 'string',
      service_interface: 'any',
      service_payload_url: 'any',
      config_data: 'any',
      default_sending_stream: 'any',
      default_events_register_stream: 'any',
      default_all_public_streams: 'boolean',
      // Only for a bot that has an owner.
      bot_owner: 'string?',
    },
  },
  deactivateBot: {
    method: 'DELETE',
    path: '/bots/:bot_id',
    auth: 'user',
    summary: 'Deactivate a bot',
    params: botId,
    success: {},
  },
  regenerateBotApiKey: {
    method: 'POST',
    path: '/bots/:bot_id/api_key/regenerate',
    auth: 'user',
    summary: "Replace a bot's API key with a new one",
    params: botId,
    success: { api_key: 'string' },
  },
  ...settingsPreferenceEndpoints,
  ...settingsModernEndpoints,
  ...settingsSessionEndpoints,
});
