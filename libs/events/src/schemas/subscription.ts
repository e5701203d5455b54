import type { JsonSchema } from './types';

/**
 * Events of the subscription service (Zulip 2.1's shapes, behaviour notes 3.6 and 3.7): one schema
 * per event type, a `oneOf` over its ops. Notification settings are booleans or null (null: the
 * user's global setting applies).
 */
const id = { type: 'integer' } as const;
const nullableBool = { type: ['boolean', 'null'] } as const;
const nullableInt = { type: ['integer', 'null'] } as const;

const streamDictProperties = {
  name: { type: 'string' },
  stream_id: id,
  description: { type: 'string' },
  rendered_description: { type: 'string' },
  invite_only: { type: 'boolean' },
  is_web_public: { type: 'boolean' },
  is_announcement_only: { type: 'boolean' },
  history_public_to_subscribers: { type: 'boolean' },
  first_message_id: nullableInt,
};

/** Zulip's Stream.to_dict(). */
export const streamDictSchema: JsonSchema = {
  type: 'object',
  required: Object.keys(streamDictProperties),
  properties: streamDictProperties,
  additionalProperties: false,
};

const subscriptionDictProperties = {
  ...streamDictProperties,
  color: { type: 'string' },
  is_muted: { type: 'boolean' },
  in_home_view: { type: 'boolean' },
  pin_to_top: { type: 'boolean' },
  desktop_notifications: nullableBool,
  audible_notifications: nullableBool,
  push_notifications: nullableBool,
  email_notifications: nullableBool,
  wildcard_mentions_notify: nullableBool,
  email_address: { type: 'string' },
  is_old_stream: { type: 'boolean' },
  stream_weekly_traffic: nullableInt,
};

/** A subscription as `subscription` `add` carries it (subscribers as user ids). */
export const subscriptionDictSchema: JsonSchema = {
  type: 'object',
  required: Object.keys(subscriptionDictProperties),
  properties: { ...subscriptionDictProperties, subscribers: { type: 'array', items: id } },
  additionalProperties: false,
};

/**
 * One event shape: `type` and the given keys, all required except `optional`, nothing else; `id`
 * is optional because the queue numbers an event only when it delivers it.
 */
function shape(type: string, properties: Record<string, unknown>, optional: string[] = []): JsonSchema {
  const all = { type: { const: type }, ...properties, id };
  return {
    type: 'object',
    required: Object.keys(all).filter((k) => k !== 'id' && !optional.includes(k)),
    properties: all,
    additionalProperties: false,
  };
}

const subscriptionOps: JsonSchema[] = [
  shape('subscription', { op: { const: 'add' }, subscriptions: { type: 'array', items: subscriptionDictSchema } }),
  shape('subscription', {
    op: { const: 'remove' },
    subscriptions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'stream_id'],
        properties: { name: { type: 'string' }, stream_id: id },
        additionalProperties: false,
      },
    },
  }),
  shape('subscription', {
    op: { const: 'update' },
    email: { type: 'string' },
    property: {
      enum: [
        'color',
        'in_home_view',
        'pin_to_top',
        'desktop_notifications',
        'audible_notifications',
        'push_notifications',
        'email_notifications',
        'wildcard_mentions_notify',
      ],
    },
    value: { type: ['string', 'boolean'] },
    stream_id: id,
    name: { type: 'string' },
  }),
  shape('subscription', { op: { const: 'peer_add' }, subscriptions: { type: 'array', items: { type: 'string' } }, user_id: id }),
  shape('subscription', { op: { const: 'peer_remove' }, subscriptions: { type: 'array', items: { type: 'string' } }, user_id: id }),
];

const streamOps: JsonSchema[] = [
  ...['create', 'delete', 'occupy', 'vacate'].map((name) =>
    shape('stream', { op: { const: name }, streams: { type: 'array', items: streamDictSchema } }),
  ),
  shape(
    'stream',
    {
      op: { const: 'update' },
      property: { enum: ['name', 'email_address', 'description', 'invite_only', 'is_announcement_only'] },
      value: { type: ['string', 'boolean'] },
      stream_id: id,
      name: { type: 'string' },
      rendered_description: { type: 'string' },
      history_public_to_subscribers: { type: 'boolean' },
    },
    ['rendered_description', 'history_public_to_subscribers'],
  ),
];

export const subscriptionEventSchemas: Record<string, JsonSchema> = {
  subscription: { oneOf: subscriptionOps },
  stream: { oneOf: streamOps },
  /** The user's muted topics as a whole: [stream name, topic] pairs. */
  muted_topics: shape('muted_topics', {
    muted_topics: {
      type: 'array',
      items: { type: 'array', items: [{ type: 'string' }, { type: 'string' }], minItems: 2, maxItems: 2 },
    },
  }),
  /** The realm's default streams as a whole, after an administrator changed them. */
  default_streams: shape('default_streams', { default_streams: { type: 'array', items: streamDictSchema } }),
};
