import type { JsonSchema } from './types';

/**
 * Attachment events in Zulip 2.1's shape (zerver/lib/actions.py notify_attachment_update):
 * `add` on upload and `update` when a message claims it carry Attachment.to_dict(); `remove`
 * carries only the id. Each also carries the realm's upload_space_used. Sent to the owner.
 */
const int = { type: 'integer' } as const;

const attachment = {
  type: 'object',
  required: ['id', 'name', 'path_id', 'size', 'create_time', 'messages'],
  properties: {
    id: int,
    name: { type: 'string' },
    path_id: { type: 'string' },
    size: int,
    create_time: { type: 'number' },
    messages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: int, name: { type: 'number' } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

const removed = { type: 'object', required: ['id'], properties: { id: int }, additionalProperties: false } as const;

export const attachmentEventSchemas: Record<string, JsonSchema> = {
  attachment: {
    type: 'object',
    required: ['type', 'op', 'attachment', 'upload_space_used'],
    properties: {
      type: { const: 'attachment' },
      op: { enum: ['add', 'update', 'remove'] },
      attachment: { oneOf: [attachment, removed] },
      upload_space_used: int,
      id: int,
    },
    additionalProperties: false,
    if: { properties: { op: { const: 'remove' } } },
    then: { properties: { attachment: removed } },
    else: { properties: { attachment } },
  },
};
