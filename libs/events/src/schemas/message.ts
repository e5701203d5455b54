import type { JsonSchema } from './types';

/**
 * Events of the message service, as Zulip 2.1 sends them (behaviour notes, section 3). Each
 * schema describes the event a client receives, after the queue adds `id`; tests of the service
 * validate the outbox notice's event with `id` added.
 */
const int = { type: 'integer' };
const str = { type: 'string' };
const bool = { type: 'boolean' };
const ints = { type: 'array', items: int };
const strs = { type: 'array', items: str };
const flags = { type: 'array', items: { enum: ['read', 'starred', 'collapsed', 'mentioned', 'wildcard_mentioned', 'summarize_in_home', 'summarize_in_stream', 'force_expand', 'force_collapse', 'has_alert_word', 'historical'] } };

const displayUser = {
  type: 'object',
  required: ['email', 'full_name', 'short_name', 'id', 'is_mirror_dummy'],
  properties: { email: str, full_name: str, short_name: str, id: int, is_mirror_dummy: bool },
  additionalProperties: false,
};

const reaction = {
  type: 'object',
  required: ['emoji_name', 'emoji_code', 'reaction_type', 'user'],
  properties: {
    emoji_name: str,
    emoji_code: str,
    reaction_type: { enum: ['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji'] },
    user: {
      type: 'object',
      required: ['email', 'id', 'full_name'],
      properties: { email: str, id: int, full_name: str },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

/** The message dict of a message event (Zulip's MessageDict, flags travel beside it). */
export const messageObjectSchema: JsonSchema = {
  type: 'object',
  required: [
    'id', 'type', 'content', 'content_type', 'subject', 'subject_links', 'display_recipient', 'recipient_id', 'sender_id',
    'sender_email', 'sender_full_name', 'sender_short_name', 'sender_realm_str', 'avatar_url', 'client', 'timestamp',
    'is_me_message', 'reactions', 'submessages',
  ],
  properties: {
    id: int,
    type: { enum: ['stream', 'private'] },
    content: str,
    content_type: { enum: ['text/html', 'text/x-markdown'] },
    subject: str,
    subject_links: strs,
    stream_id: int,
    display_recipient: { oneOf: [str, { type: 'array', items: displayUser, minItems: 1 }] },
    recipient_id: int,
    sender_id: int,
    sender_email: str,
    sender_full_name: str,
    sender_short_name: str,
    sender_realm_str: str,
    avatar_url: { type: ['string', 'null'] },
    client: str,
    timestamp: int,
    is_me_message: bool,
    reactions: { type: 'array', items: reaction },
    submessages: { type: 'array' },
    last_edit_timestamp: int,
  },
  additionalProperties: false,
  if: { properties: { type: { const: 'stream' } } },
  then: { required: ['stream_id'], properties: { display_recipient: str } },
  else: { not: { required: ['stream_id'] }, properties: { display_recipient: { type: 'array' } } },
};

export const messageEventSchemas: Record<string, JsonSchema> = {
  message: {
    type: 'object',
    required: ['type', 'message', 'flags', 'id'],
    properties: {
      type: { const: 'message' },
      id: int,
      message: messageObjectSchema,
      flags,
      local_message_id: str,
    },
    additionalProperties: false,
  },
  update_message: {
    type: 'object',
    required: ['type', 'sender', 'user_id', 'message_id', 'message_ids', 'edit_timestamp', 'flags', 'id'],
    properties: {
      type: { const: 'update_message' },
      id: int,
      sender: str,
      user_id: int,
      message_id: int,
      message_ids: ints,
      edit_timestamp: int,
      flags,
      stream_name: str,
      // Content edits.
      orig_content: str,
      orig_rendered_content: str,
      content: str,
      rendered_content: str,
      prev_rendered_content_version: int,
      is_me_message: bool,
      push_notify_user_ids: ints,
      stream_push_user_ids: ints,
      stream_email_user_ids: ints,
      prior_mention_user_ids: ints,
      mention_user_ids: ints,
      presence_idle_user_ids: ints,
      wildcard_mention_user_ids: ints,
      // Topic edits.
      propagate_mode: str,
      stream_id: int,
      orig_subject: str,
      subject: str,
      subject_links: strs,
    },
    additionalProperties: false,
    dependencies: {
      content: ['orig_content', 'orig_rendered_content', 'rendered_content', 'prev_rendered_content_version', 'is_me_message'],
      subject: ['orig_subject', 'propagate_mode', 'stream_id', 'subject_links'],
    },
  },
  delete_message: {
    type: 'object',
    required: ['type', 'sender', 'sender_id', 'message_id', 'message_type', 'id'],
    properties: {
      type: { const: 'delete_message' },
      id: int,
      sender: str,
      sender_id: int,
      message_id: int,
      message_type: { enum: ['stream', 'private'] },
      stream_id: int,
      topic: str,
      recipient_id: int,
    },
    additionalProperties: false,
    if: { properties: { message_type: { const: 'stream' } } },
    then: { required: ['stream_id', 'topic'], not: { required: ['recipient_id'] } },
    else: { required: ['recipient_id'], not: { anyOf: [{ required: ['stream_id'] }, { required: ['topic'] }] } },
  },
  update_message_flags: {
    type: 'object',
    required: ['type', 'operation', 'flag', 'messages', 'all', 'id'],
    properties: {
      type: { const: 'update_message_flags' },
      id: int,
      operation: { enum: ['add', 'remove'] },
      flag: { enum: ['read', 'starred', 'collapsed'] },
      messages: ints,
      all: bool,
    },
    additionalProperties: false,
  },
  reaction: {
    type: 'object',
    required: ['type', 'op', 'user', 'message_id', 'emoji_name', 'emoji_code', 'reaction_type', 'id'],
    properties: {
      type: { const: 'reaction' },
      id: int,
      op: { enum: ['add', 'remove'] },
      user: {
        type: 'object',
        required: ['user_id', 'email', 'full_name'],
        properties: { user_id: int, email: str, full_name: str },
        additionalProperties: false,
      },
      message_id: int,
      emoji_name: str,
      emoji_code: str,
      reaction_type: { enum: ['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji'] },
    },
    additionalProperties: false,
  },
};
