import type { JsonSchema } from './types';

/**
 * Events of user groups, alert words, custom profile fields and realm administration (settings
 * service), in Zulip 2.1's shapes (zerver/lib/actions.py): one schema per event type, a `oneOf`
 * over its ops.
 */
const id = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const ids = { type: 'array', items: id } as const;

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

const group: JsonSchema = {
  type: 'object',
  required: ['id', 'name', 'description', 'members'],
  properties: { id, name: str, description: str, members: ids },
  additionalProperties: false,
};

const profileField: JsonSchema = {
  type: 'object',
  required: ['id', 'name', 'type', 'hint', 'field_data', 'order'],
  properties: { id, name: str, type: id, hint: str, field_data: str, order: id },
  additionalProperties: false,
};

export const groupsRealmEventSchemas: Record<string, JsonSchema> = {
  user_group: {
    oneOf: [
      shape('user_group', { op: { const: 'add' }, group }),
      shape('user_group', {
        op: { const: 'update' },
        group_id: id,
        data: {
          type: 'object',
          minProperties: 1,
          properties: { name: str, description: str },
          additionalProperties: false,
        },
      }),
      shape('user_group', { op: { enum: ['add_members', 'remove_members'] }, group_id: id, user_ids: ids }),
      shape('user_group', { op: { const: 'remove' }, group_id: id }),
    ],
  },
  alert_words: shape('alert_words', { alert_words: { type: 'array', items: str } }),
  custom_profile_fields: shape('custom_profile_fields', { op: { const: 'add' }, fields: { type: 'array', items: profileField } }),
  realm: {
    oneOf: [
      shape('realm', { op: { const: 'update' }, property: str, value: {} }),
      shape('realm', { op: { const: 'update_dict' }, property: str, data: { type: 'object', minProperties: 1 } }),
    ],
  },
};
