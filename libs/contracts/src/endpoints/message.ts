/**
 * The message service: sending and fetching messages, flags, edits, deletes, reactions, the
 * reading helpers, realm filters (linkifiers) and uploaded files.
 *
 * Order matters: /messages/render and /messages/matches_narrow come before /messages/:message_id,
 * which would otherwise take them.
 */
import { plainError } from '@chat/errors';
import { declareEndpoints } from '../contract';
import * as p from '../params';
import { intList, jsonInt, nonNegativeInt } from '../validators';
import {
  checkedNarrow,
  invalidStreamId,
  looseNarrow,
  messageIdParam,
  nulInContent,
  pathIdParam,
  pathStreamIdParam,
  recipientsParam,
  sendToParam,
  truncateContent,
  type NarrowTerm,
} from './message-params';
import { anchorParam, requiredAnchorParam } from './message-anchor';
import { messageFileEndpoints } from './message-files';

export {
  invalidMessage,
  invalidStreamId,
  nulInContent,
  truncateContent,
  type BareIdTo,
  type NarrowParam,
  type NarrowTerm,
  type SendTo,
} from './message-params';
export { ANCHOR_WORDS, type AnchorWord } from './message-anchor';

/** A stream id as JSON; past the column's range, as a stream that does not exist. */
const jsonStreamId = p.custom(jsonInt, { required: true, rangeError: invalidStreamId });

/** Zulip routes only digits here (`(?P<filter_id>\d+)`). */
const filterIdParam = pathIdParam(() => plainError('Filter not found'));

/** Rendering runs on the render pool, which answers 503 when its queue is full. */
const RENDERS = [503];

export const messageEndpoints = declareEndpoints('message', {
  sendMessage: {
    method: 'POST',
    path: '/messages',
    auth: 'user',
    summary: 'Send a stream or private message (an Idempotency-Key header makes a retry safe)',
    params: {
      // stream or private; channel and direct are their modern names.
      type: p.string({ required: true }),
      // A stream name or id, or the private recipients (emails or user ids).
      to: sendToParam,
      topic: p.string({ aliases: ['subject'] }),
      content: p.string({ required: true, nulError: nulInContent }),
      // The sender's queue gets local_message_id on its copy of the event (Zulip's local echo).
      queue_id: p.string(),
      local_id: p.string(),
      // Whether the sender's copy starts read; unset: a human client's does.
      read_by_sender: p.bool(),
    },
    success: { id: 'integer' },
    // 409: the same Idempotency-Key is in flight; 422: it was used for another request.
    errors: [409, 422, ...RENDERS],
    webhookBots: true,
  },
  getMessages: {
    method: 'GET',
    path: '/messages',
    auth: 'user',
    summary: 'Fetch messages around an anchor, optionally in a narrow',
    params: {
      anchor: anchorParam,
      // Only at an end of the range: without it the anchor's own message is left out.
      include_anchor: p.bool({ default: true }),
      use_first_unread_anchor: p.bool({ default: false }),
      num_before: p.custom(nonNegativeInt, { required: true }),
      num_after: p.custom(nonNegativeInt, { required: true }),
      narrow: p.sentAs<NarrowTerm[]>()(p.custom(looseNarrow, {})),
      client_gravatar: p.bool({ default: false }),
      apply_markdown: p.bool({ default: true }),
    },
    success: {
      messages: 'array',
      found_anchor: 'boolean',
      found_oldest: 'boolean',
      found_newest: 'boolean',
      history_limited: 'boolean',
      anchor: 'integer',
    },
  },
  updateMessageFlags: {
    method: 'POST',
    path: '/messages/flags',
    auth: 'user',
    summary: "Add or remove a flag (read, starred, ...) on some of the caller's messages",
    params: {
      messages: p.custom(intList, { required: true }),
      op: p.string({ required: true }),
      flag: p.string({ required: true }),
    },
    success: { messages: 'array' },
  },
  updateMessageFlagsForNarrow: {
    method: 'POST',
    path: '/messages/flags/narrow',
    auth: 'user',
    summary: "Add or remove a flag on the caller's messages in a range of a narrow, around an anchor",
    params: {
      anchor: requiredAnchorParam,
      include_anchor: p.bool({ default: true }),
      num_before: p.custom(nonNegativeInt, { required: true }),
      num_after: p.custom(nonNegativeInt, { required: true }),
      narrow: p.sentAs<NarrowTerm[]>()(p.custom(looseNarrow, { required: true })),
      op: p.string({ required: true }),
      flag: p.string({ required: true }),
    },
    success: {
      processed_count: 'integer',
      updated_count: 'integer',
      first_processed_id: 'any',
      last_processed_id: 'any',
      found_oldest: 'boolean',
      found_newest: 'boolean',
    },
  },
  markAllAsRead: {
    method: 'POST',
    path: '/mark_all_as_read',
    auth: 'user',
    summary: "Mark all of the caller's messages as read",
    params: {},
    success: {},
  },
  markStreamAsRead: {
    method: 'POST',
    path: '/mark_stream_as_read',
    auth: 'user',
    summary: "Mark a stream's messages as read",
    params: { stream_id: jsonStreamId },
    success: {},
  },
  markTopicAsRead: {
    method: 'POST',
    path: '/mark_topic_as_read',
    auth: 'user',
    summary: "Mark a topic's messages as read",
    params: { stream_id: jsonStreamId, topic_name: p.string({ required: true }) },
    success: {},
  },
  renderMessage: {
    method: 'POST',
    path: '/messages/render',
    auth: 'user',
    summary: 'Render message content to HTML without sending it (a preview)',
    // Capped as a sent message's content is (10000 bytes, then marked): a preview costs no more
    // to render than the message would, whatever the body limit lets through.
    params: { content: p.custom(truncateContent, { required: true, schema: { type: 'string' } }) },
    success: { rendered: 'string' },
    errors: RENDERS,
  },
  checkMessagesMatchNarrow: {
    method: 'GET',
    path: '/messages/matches_narrow',
    auth: 'user',
    summary: 'Which of the given messages match a narrow, with search highlights',
    params: {
      msg_ids: p.custom(intList, { required: true }),
      narrow: p.sentAs<NarrowTerm[]>()(p.custom(checkedNarrow, { required: true })),
    },
    success: { messages: 'object' },
  },
  deleteTopic: {
    method: 'POST',
    path: '/streams/:stream_id/delete_topic',
    auth: 'user',
    summary: "Delete all of a topic's messages (administrators)",
    params: { stream_id: pathStreamIdParam, topic_name: p.string({ required: true }) },
    success: {},
    errors: [404],
  },
  setTypingStatus: {
    method: 'POST',
    path: '/typing',
    auth: 'user',
    summary: "Tell a private conversation's other members that the caller started or stopped typing",
    params: {
      op: p.string({ required: true }),
      // Absent, private or direct: a private conversation; stream or channel name a topic.
      type: p.string(),
      to: recipientsParam,
      stream_id: p.custom(jsonInt, { rangeError: invalidStreamId }),
      topic: p.string(),
    },
    success: {},
  },
  getMessage: {
    method: 'GET',
    path: '/messages/:message_id',
    auth: 'user',
    summary: 'One message, and its raw Markdown content',
    params: {
      message_id: messageIdParam,
      apply_markdown: p.bool({ default: true }),
      client_gravatar: p.bool({ default: false }),
    },
    success: { raw_content: 'string', message: 'object' },
    errors: [404],
  },
  updateMessage: {
    method: 'PATCH',
    path: '/messages/:message_id',
    auth: 'user',
    summary: "Edit a message's content or topic (the topic of later or all messages too, by propagate_mode)",
    params: {
      message_id: messageIdParam,
      topic: p.string({ aliases: ['subject'] }),
      // Not validated, as in Zulip: only change_later and change_all propagate.
      propagate_mode: p.string({ default: 'change_one' }),
      content: p.string({ nulError: nulInContent }),
      // Moving to another stream is refused with a clear error; the message's own stream is a no-op.
      stream_id: p.custom(jsonInt, { rangeError: invalidStreamId }),
    },
    success: {},
    errors: [404, ...RENDERS],
  },
  deleteMessage: {
    method: 'DELETE',
    path: '/messages/:message_id',
    auth: 'user',
    summary: 'Delete a message',
    params: { message_id: messageIdParam },
    success: {},
    errors: [404],
  },
  getMessageHistory: {
    method: 'GET',
    path: '/messages/:message_id/history',
    auth: 'user',
    summary: "A message's edit history, oldest first",
    params: { message_id: messageIdParam },
    success: { message_history: 'array' },
    errors: [404],
  },
  addReaction: {
    method: 'POST',
    path: '/messages/:message_id/reactions',
    auth: 'user',
    summary: 'Add an emoji reaction to a message',
    params: {
      message_id: messageIdParam,
      emoji_name: p.string({ required: true }),
      emoji_code: p.string(),
      reaction_type: p.string(),
    },
    success: {},
    errors: [404],
  },
  removeReaction: {
    method: 'DELETE',
    path: '/messages/:message_id/reactions',
    auth: 'user',
    summary: "Remove the caller's emoji reaction from a message",
    params: {
      message_id: messageIdParam,
      emoji_name: p.string(),
      emoji_code: p.string(),
      reaction_type: p.string(),
    },
    success: {},
    errors: [404],
  },
  getRealmFilters: {
    method: 'GET',
    path: '/realm/filters',
    auth: 'user',
    summary: "The realm's filters (linkifiers): patterns turned into links",
    params: {},
    success: { filters: 'array' },
  },
  addRealmFilter: {
    method: 'POST',
    path: '/realm/filters',
    auth: 'user',
    summary: 'Add a realm filter (linkifier) (administrators)',
    // Optional here: a non-administrator is refused before missing arguments are reported.
    params: { pattern: p.string(), url_format_string: p.string() },
    success: { id: 'integer' },
  },
  removeRealmFilter: {
    method: 'DELETE',
    path: '/realm/filters/:filter_id',
    auth: 'user',
    summary: 'Remove a realm filter (linkifier) (administrators)',
    params: { filter_id: filterIdParam },
    success: {},
    errors: [404],
  },
  ...messageFileEndpoints,
  /**
   * The message service's internal API: other services post messages here under their own
   * service identity (announcements by Notification Bot, webhook messages by their bot).
   */
  sendInternalMessage: {
    method: 'POST',
    path: '/internal/messages',
    auth: 'service',
    summary: 'Send a message as a user of the realm named by the calling service',
    params: {
      sender_email: p.string({ required: true }),
      type: p.string({ required: true }),
      to: recipientsParam,
      topic: p.string({ aliases: ['subject'] }),
      content: p.string({ required: true, nulError: nulInContent }),
      client: p.string({ default: 'Internal' }),
    },
    success: { id: 'integer' },
    errors: RENDERS,
  },
});
