import type { JsonSchema } from './types';

/**
 * The linkifier event of the message service (Zulip 2.1's realm_filters event): the realm's
 * whole list after any change, each entry [pattern, url_format_string, id], sent to every active
 * user of the realm.
 */
export const linkifierEventSchemas: Record<string, JsonSchema> = {
  realm_filters: {
    type: 'object',
    required: ['type', 'realm_filters', 'id'],
    properties: {
      type: { const: 'realm_filters' },
      realm_filters: {
        type: 'array',
        items: {
          type: 'array',
          items: [{ type: 'string' }, { type: 'string' }, { type: 'integer' }],
          minItems: 3,
          maxItems: 3,
        },
      },
      id: { type: 'integer' },
    },
    additionalProperties: false,
  },
};
