import type { JsonSchema } from './types';

/**
 * Presence, user status and typing events in Zulip 2.1's shapes (zerver/lib/actions.py:
 * send_presence_changed, do_update_user_status, send_typing_notification).
 */
const id = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;

function shape(type: string, properties: Record<string, unknown>, optional: string[] = []): JsonSchema {
  const all = { type: { const: type }, ...properties, id };
  return {
    type: 'object',
    required: Object.keys(all).filter((k) => k !== 'id' && !optional.includes(k)),
    properties: all,
    additionalProperties: false,
  };
}

const person = {
  type: 'object',
  required: ['user_id', 'email'],
  properties: { user_id: id, email: str },
  additionalProperties: false,
} as const;

/** One client's presence (UserPresence.to_dict). */
const clientPresence = {
  type: 'object',
  required: ['client', 'status', 'timestamp', 'pushable'],
  properties: { client: str, status: { enum: ['active', 'idle'] }, timestamp: id, pushable: bool },
  additionalProperties: false,
} as const;

export const presenceTypingEventSchemas: Record<string, JsonSchema> = {
  presence: shape('presence', {
    email: str,
    server_timestamp: { type: 'number' },
    presence: { type: 'object', additionalProperties: clientPresence, minProperties: 1, maxProperties: 1 },
  }),
  user_status: shape('user_status', { user_id: id, away: bool, status_text: str }, ['away', 'status_text']),
  typing: shape('typing', {
    op: { enum: ['start', 'stop'] },
    sender: person,
    recipients: { type: 'array', items: person, minItems: 1 },
  }),
};
