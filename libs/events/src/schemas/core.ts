import type { JsonSchema } from './types';

/** Events the event-queue service makes itself. */
export const coreEventSchemas: Record<string, JsonSchema> = {
  heartbeat: {
    type: 'object',
    required: ['type', 'id'],
    properties: { type: { const: 'heartbeat' }, id: { type: 'integer' } },
    additionalProperties: false,
  },
  restart: {
    type: 'object',
    required: ['type', 'id', 'server_generation'],
    properties: {
      type: { const: 'restart' },
      id: { type: 'integer' },
      server_generation: { type: 'integer' },
      immediate: { type: 'boolean' },
    },
    additionalProperties: false,
  },
};
