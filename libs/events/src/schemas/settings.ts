import type { JsonSchema } from './types';

/**
 * Events of the settings service, in Zulip 2.1's shapes (behaviour notes 3.5, 3.8, 3.9;
 * zerver/lib/actions.py): one schema per event type, a `oneOf` over its ops. Differences from
 * Zulip, on purpose: realm_bot events never carry `api_key` (keys are encrypted at rest and
 * events are not).
 */
const id = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const nullableStr = { type: ['string', 'null'] } as const;

/** `type` and the given keys, all required except `optional`, nothing else; `id` is the queue's. */
function shape(type: string, properties: Record<string, unknown>, optional: string[] = []): JsonSchema {
  const all = { type: { const: type }, ...properties, id };
  return {
    type: 'object',
    required: Object.keys(all).filter((k) => k !== 'id' && !optional.includes(k)),
    properties: all,
    additionalProperties: false,
  };
}

function object(properties: Record<string, unknown>, optional: string[] = []): JsonSchema {
  return {
    type: 'object',
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    properties,
    additionalProperties: false,
  };
}

/** notify_created_user's person. */
const addedPerson = object(
  {
    email: str,
    user_id: id,
    is_admin: bool,
    full_name: str,
    avatar_url: str,
    timezone: str,
    date_joined: str,
    is_guest: bool,
    is_bot: bool,
    bot_type: nullableInt,
    bot_owner_id: nullableInt,
    profile_data: { type: 'object' },
  },
  ['bot_type', 'bot_owner_id', 'profile_data'],
);

/** One changed property per update, with user_id (and email for most). */
const updatedPerson: JsonSchema = {
  type: 'object',
  required: ['user_id'],
  minProperties: 2,
  properties: {
    user_id: id,
    email: str,
    full_name: str,
    is_admin: bool,
    is_guest: bool,
    timezone: str,
    bot_owner_id: nullableInt,
    avatar_url: str,
    avatar_source: str,
    avatar_url_medium: str,
    new_email: str,
    delivery_email: str,
    custom_profile_field: {
      type: 'object',
      required: ['id', 'value'],
      properties: { id, value: {}, rendered_value: str },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

const botDict = object(
  {
    email: str,
    user_id: id,
    full_name: str,
    bot_type: nullableInt,
    is_active: bool,
    default_sending_stream: nullableStr,
    default_events_register_stream: nullableStr,
    default_all_public_streams: bool,
    avatar_url: str,
    services: { type: 'array' },
    owner: str,
  },
  ['owner'],
);

const emojiDict: JsonSchema = {
  type: 'object',
  additionalProperties: object({
    id: str,
    name: str,
    source_url: str,
    deactivated: bool,
    author: {
      oneOf: [{ type: 'null' }, object({ id, email: str, full_name: str })],
    },
  }),
};

export const settingsEventSchemas: Record<string, JsonSchema> = {
  realm_user: {
    oneOf: [
      shape('realm_user', { op: { const: 'add' }, person: addedPerson }),
      shape('realm_user', { op: { const: 'remove' }, person: object({ email: str, user_id: id, full_name: str }) }),
      shape('realm_user', { op: { const: 'update' }, person: updatedPerson }),
    ],
  },
  realm_bot: {
    oneOf: [
      shape('realm_bot', { op: { const: 'add' }, bot: botDict }),
      shape('realm_bot', { op: { const: 'remove' }, bot: object({ email: str, user_id: id, full_name: str }) }),
      shape('realm_bot', { op: { const: 'delete' }, bot: object({ email: str, user_id: id }) }),
      shape('realm_bot', {
        op: { const: 'update' },
        bot: {
          type: 'object',
          required: ['email', 'user_id'],
          minProperties: 3,
          properties: { email: str, user_id: id, full_name: str, owner_id: id, default_all_public_streams: bool, avatar_url: str },
          additionalProperties: false,
        },
      }),
    ],
  },
  realm_emoji: shape('realm_emoji', { op: { const: 'update' }, realm_emoji: emojiDict }),
  pointer: shape('pointer', { pointer: id }),
  update_global_notifications: shape('update_global_notifications', {
    user: str,
    notification_name: str,
    setting: { type: ['boolean', 'integer', 'string'] },
  }),
  update_display_settings: shape('update_display_settings', {
    user: str,
    setting_name: str,
    setting: { type: ['boolean', 'integer', 'string'] },
  }),
};
