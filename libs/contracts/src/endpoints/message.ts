/**
 * The message service: sending and fetching messages, flags, edits, deletes, reactions, the
 * reading helpers, realm filters (linkifiers) and uploaded files.
 *
 * Order matters: /messages/render and /messages/matches_narrow come before /messages/:message_id,
 * which would otherwise take them.
 */
import { plainError } from '@chat/errors';
import { declareEndpoints } from '../contract';
import { FOLLOW_UP_RUN_DESCRIPTION, followUpRunPath } from '../follow-ups';
import * as p from '../params';
import { intList, jsonInt, nonNegativeInt } from '../validators';
import {
  allowEmptyTopicNameParam,
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
import { getMessageAnswer, getMessagesAnswer } from './message-answers';
import { messageFileEndpoints } from './message-files';
import { messageWidgetEndpoints } from './message-widgets';

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
const jsonStreamId = p.custom(jsonInt, {
  required: true,
  rangeError: invalidStreamId,
  schema: { type: 'integer' },
  description: 'The id of the stream.',
  example: 2,
});

/** Zulip routes only digits here (`(?P<filter_id>\d+)`). */
const filterIdParam = p.doc(
  pathIdParam(() => plainError('Filter not found')),
  { description: 'The id of the filter, as listed by GET /realm/filters.', example: 3 },
);

/** Rendering runs on the render pool, which answers 503 when its queue is full. */
const RENDERS = [503];

export const messageEndpoints = declareEndpoints('message', {
  sendMessage: {
    method: 'POST',
    path: '/messages',
    auth: 'user',
    summary: 'Send a stream or private message (an Idempotency-Key header makes a retry safe)',
    description:
      "Posts a message to a topic of a stream, or privately to one or more users. The answer holds the new message's id; " +
      'everyone who can see it receives a `message` event. A client that sends an `Idempotency-Key` header gets the first ' +
      'answer again when it retries with the same key, instead of a second message.',
    python: 'send_message(request)',
    params: {
      // stream or private; channel and direct are their modern names.
      type: p.string({
        required: true,
        description: 'Where it goes: `stream` (or `channel`) or `private` (or `direct`).',
        example: 'stream',
      }),
      // A stream name or id, or the private recipients (emails or user ids).
      to: p.doc(sendToParam, {
        description:
          "For a stream message, the stream's name or id. For a private message, the recipients: e-mail addresses or user ids, " +
          'as a comma-separated list or a JSON list.',
        example: 'Denmark',
        sample: true,
      }),
      topic: p.string({
        aliases: ['subject'],
        description: 'The topic of a stream message (at most 60 characters); ignored for a private one.',
        example: 'Castle',
      }),
      content: p.string({
        required: true,
        nulError: nulInContent,
        description: 'The message in Markdown; longer than 10000 bytes, it is cut and marked.',
        example: 'Something is rotten in the state of Denmark.',
      }),
      // The sender's queue gets local_message_id on its copy of the event (Zulip's local echo).
      queue_id: p.string({
        description: "The sender's own event queue, whose copy of the event carries `local_message_id`.",
        example: '1375801870:2942',
        sample: false,
      }),
      local_id: p.string({
        description: "The client's temporary id for the message, echoed to that queue as `local_message_id`.",
        example: '100.01',
        sample: false,
      }),
      // Feature level 236. Unset, Zulip's default_read_by_sender decides by the client's name.
      read_by_sender: p.bool({
        description:
          "Whether the sender's copy starts as read. Unset, it does when the sending client is a person's: the web app (`website`, " +
          'any request with its session), ZulipMobile, ZulipTerminal, ZulipElectron, ZulipDesktop and the others Zulip names; ' +
          'not for a program using the API key, such as ZulipPython.',
        sample: false,
      }),
    },
    success: { id: ['integer', 'The id of the new message.'] },
    // 409: the same Idempotency-Key is in flight; 422: it was used for another request.
    errors: [409, 422, ...RENDERS],
    webhookBots: true,
  },
  getMessages: {
    method: 'GET',
    path: '/messages',
    auth: 'user',
    summary: 'Fetch messages around an anchor, optionally in a narrow',
    description:
      'Reads a range of the messages the caller can see, around an anchor: `num_before` older and `num_after` newer ones, ' +
      'oldest first, optionally only those matching a narrow (a stream, a topic, a sender, a search...). At most 5000 at once.',
    python: 'get_messages(request)',
    params: {
      anchor: anchorParam,
      // Only at an end of the range: without it the anchor's own message is left out.
      include_anchor: p.bool({ default: true, description: "Whether the anchor's own message is part of the answer." }),
      use_first_unread_anchor: p.bool({
        default: false,
        description: 'The older way of saying `anchor=first_unread`: start at the first unread message in the narrow.',
      }),
      num_before: p.custom(nonNegativeInt, {
        required: true,
        schema: { type: 'integer' },
        description: 'How many messages older than the anchor to return.',
        example: 100,
      }),
      num_after: p.custom(nonNegativeInt, {
        required: true,
        schema: { type: 'integer' },
        description: 'How many messages newer than the anchor to return.',
        example: 0,
      }),
      narrow: p.sentAs<NarrowTerm[]>()(
        p.custom(looseNarrow, {
          description:
            'Filters, each `{operator, operand}` (or an `[operator, operand]` pair), all of which a message must match; empty: every message.',
          example: [{ operator: 'stream', operand: 'Denmark' }],
        }),
      ),
      client_gravatar: p.bool({
        default: false,
        description: 'Whether `avatar_url` is left null for senders using Gravatar, for the client to compute.',
      }),
      apply_markdown: p.bool({
        default: true,
        description: 'Whether `content` is the rendered HTML (true) or the Markdown as sent (false).',
      }),
      allow_empty_topic_name: allowEmptyTopicNameParam,
    },
    success: getMessagesAnswer,
  },
  updateMessageFlags: {
    method: 'POST',
    path: '/messages/flags',
    auth: 'user',
    summary: "Add or remove a flag (read, starred, ...) on some of the caller's messages",
    description:
      'Adds a flag to or removes it from the given messages, as seen by the caller only (`read`, `starred`, `collapsed`...). ' +
      'Messages the caller has no copy of are skipped; the answer lists those changed.',
    python: 'update_message_flags(request)',
    params: {
      messages: p.custom(intList, { required: true, description: 'The ids of the messages.', example: [42, 43] }),
      op: p.string({ required: true, description: '`add` or `remove`.', example: 'add' }),
      flag: p.string({ required: true, description: 'The flag, e.g. `read` or `starred`.', example: 'read' }),
    },
    success: { messages: ['array', 'The ids of the messages whose flag changed.'] },
  },
  updateMessageFlagsForNarrow: {
    method: 'POST',
    path: '/messages/flags/narrow',
    auth: 'user',
    summary: "Add or remove a flag on the caller's messages in a range of a narrow, around an anchor",
    description:
      'Like POST /messages/flags, but for a range of a narrow given as GET /messages takes it, so a client can mark a whole ' +
      'conversation without listing its ids; it walks the range in batches and says how far it got.',
    params: {
      anchor: requiredAnchorParam,
      include_anchor: p.bool({ default: true, description: "Whether the anchor's own message is part of the range." }),
      num_before: p.custom(nonNegativeInt, {
        required: true,
        schema: { type: 'integer' },
        description: 'How many messages older than the anchor to include.',
        example: 0,
      }),
      num_after: p.custom(nonNegativeInt, {
        required: true,
        schema: { type: 'integer' },
        description: 'How many messages newer than the anchor to include.',
        example: 1000,
      }),
      narrow: p.sentAs<NarrowTerm[]>()(
        p.custom(looseNarrow, {
          required: true,
          description: 'The narrow, as GET /messages takes it.',
          example: [{ operator: 'stream', operand: 'Denmark' }],
        }),
      ),
      op: p.string({ required: true, description: '`add` or `remove`.', example: 'add' }),
      flag: p.string({ required: true, description: 'The flag, e.g. `read`.', example: 'read' }),
    },
    success: {
      processed_count: ['integer', 'How many messages of the range were looked at.'],
      updated_count: ['integer', 'How many of them changed.'],
      first_processed_id: ['any', 'The id of the first message looked at, or null when none was.'],
      last_processed_id: ['any', 'The id of the last message looked at, or null: where to continue.'],
      found_oldest: ['boolean', 'Whether the range reached the oldest message of the narrow.'],
      found_newest: ['boolean', 'Whether the range reached the newest message of the narrow.'],
    },
  },
  markAllAsRead: {
    method: 'POST',
    path: '/mark_all_as_read',
    auth: 'user',
    summary: "Mark all of the caller's messages as read",
    description: 'Sets the `read` flag on every message the caller has; a large backlog is done in batches.',
    python: 'mark_all_as_read()',
    params: {},
    success: {},
  },
  markStreamAsRead: {
    method: 'POST',
    path: '/mark_stream_as_read',
    auth: 'user',
    summary: "Mark a stream's messages as read",
    description: "Sets the `read` flag on all of the caller's messages in one stream.",
    python: 'mark_stream_as_read(stream_id)',
    params: { stream_id: jsonStreamId },
    success: {},
  },
  markTopicAsRead: {
    method: 'POST',
    path: '/mark_topic_as_read',
    auth: 'user',
    summary: "Mark a topic's messages as read",
    description: "Sets the `read` flag on all of the caller's messages in one topic of a stream.",
    python: 'mark_topic_as_read(stream_id, topic_name)',
    params: { stream_id: jsonStreamId, topic_name: p.string({ required: true, description: 'The topic.', example: 'Castle' }) },
    success: {},
  },
  renderMessage: {
    method: 'POST',
    path: '/messages/render',
    auth: 'user',
    summary: 'Render message content to HTML without sending it (a preview)',
    // Capped as a sent message's content is (10000 bytes, then marked): a preview costs no more
    // to render than the message would, whatever the body limit lets through.
    description: 'Turns Markdown into the HTML a message with that content would show, without sending anything.',
    python: 'render_message(request)',
    params: {
      content: p.custom(truncateContent, {
        required: true,
        schema: { type: 'string' },
        description: 'The Markdown to render.',
        example: '**Hamlet**, act 1',
      }),
    },
    success: { rendered: ['string', 'The HTML.'] },
    errors: RENDERS,
  },
  checkMessagesMatchNarrow: {
    method: 'GET',
    path: '/messages/matches_narrow',
    auth: 'user',
    summary: 'Which of the given messages match a narrow, with search highlights',
    description:
      'Says which of the given messages match a narrow, with their content and topic marked where a search matched. ' +
      'Clients use it to decide whether a new message belongs in the view they show.',
    python: 'check_messages_match_narrow(**request)',
    params: {
      msg_ids: p.custom(intList, { required: true, description: 'The ids of the messages to check.', example: [42, 43] }),
      narrow: p.sentAs<NarrowTerm[]>()(
        p.custom(checkedNarrow, {
          required: true,
          description: 'The narrow, as GET /messages takes it.',
          example: [{ operator: 'search', operand: 'castle' }],
        }),
      ),
    },
    success: { messages: ['object', 'Keyed by the id of each matching message: its `match_content` and `match_subject` (HTML).'] },
  },
  deleteTopic: {
    method: 'POST',
    path: '/streams/:stream_id/delete_topic',
    auth: 'user',
    summary: "Delete all of a topic's messages (administrators)",
    description: 'Deletes every message of a topic in a stream. Only organization administrators may.',
    params: {
      stream_id: p.doc(pathStreamIdParam, { description: 'The id of the stream.', example: 2 }),
      topic_name: p.string({ required: true, description: 'The topic to delete.', example: 'Castle' }),
    },
    success: {},
    errors: [404],
  },
  setTypingStatus: {
    method: 'POST',
    path: '/typing',
    auth: 'user',
    summary: "Tell a private conversation's other members that the caller started or stopped typing",
    description:
      'Tells the other members of a private conversation, or the readers of a stream topic, that the caller started or ' +
      'stopped typing: they receive `typing` events. Clients send `start` every few seconds while typing.',
    python: 'set_typing_status(request)',
    params: {
      op: p.string({ required: true, description: '`start` or `stop`.', example: 'start' }),
      // Absent, private or direct: a private conversation; stream or channel name a topic.
      type: p.string({
        description: '`private` (or `direct`, the default) for a conversation, `stream` (or `channel`) for a topic.',
        example: 'private',
      }),
      to: p.doc(recipientsParam, {
        description: 'For a private conversation, its other members: user ids or e-mail addresses, as a JSON or comma-separated list.',
        example: [9, 10],
        sample: true,
      }),
      stream_id: p.custom(jsonInt, {
        rangeError: invalidStreamId,
        schema: { type: 'integer' },
        description: 'For a topic: the id of its stream.',
        example: 2,
        sample: false,
      }),
      topic: p.string({ description: 'For a topic: its name.', example: 'Castle', sample: false }),
    },
    success: {},
  },
  getMessage: {
    method: 'GET',
    path: '/messages/:message_id',
    auth: 'user',
    summary: 'One message, and its raw Markdown content',
    description: 'Reads one message the caller can see, with its Markdown source in `raw_content`.',
    python: 'get_raw_message(message_id)',
    params: {
      message_id: messageIdParam,
      apply_markdown: p.bool({
        default: true,
        description: "Whether the message's `content` is rendered HTML (true) or Markdown (false).",
      }),
      client_gravatar: p.bool({ default: false, description: 'Whether `avatar_url` is left null for a sender using Gravatar.' }),
      allow_empty_topic_name: allowEmptyTopicNameParam,
    },
    success: getMessageAnswer,
    errors: [404],
  },
  updateMessage: {
    method: 'PATCH',
    path: '/messages/:message_id',
    auth: 'user',
    summary: "Edit a message's content, or move it to another topic or stream (later or all messages of its topic too, by propagate_mode)",
    description:
      "Changes the content or the topic of a message. Its sender may edit it (within the realm's time limit); topics may " +
      "also be changed by others where the realm allows. Each edit is kept in the message's history.",
    python: 'update_message(request)',
    params: {
      message_id: messageIdParam,
      topic: p.string({ aliases: ['subject'], description: 'The new topic.', example: 'Castle' }),
      // Not validated, as in Zulip: only change_later and change_all propagate.
      propagate_mode: p.string({
        default: 'change_one',
        description:
          'For a move to another topic or stream: `change_one` (this message), `change_later` (it and later ones of the topic) ' +
          'or `change_all`.',
      }),
      content: p.string({
        nulError: nulInContent,
        description: 'The new content, in Markdown.',
        example: 'Something is rotten in the state of Denmark!',
      }),
      stream_id: p.custom(jsonInt, {
        rangeError: invalidStreamId,
        schema: { type: 'integer' },
        description:
          'The stream to move the message to (with the topic, per `propagate_mode`), where the realm lets the caller move ' +
          "messages between streams; the message's own stream changes nothing. The content cannot change in the same request.",
        example: 2,
        sample: false,
      }),
      // No defaults declared: a request naming neither (and no stream) is 2.1's silent topic edit.
      send_notification_to_old_thread: p.bool({
        description: 'Whether Notification Bot tells the old topic where its messages went. Default false.',
      }),
      send_notification_to_new_thread: p.bool({
        description:
          'Whether Notification Bot tells the new topic where its messages came from. Default true, but false for a topic ' +
          'edit that names neither this, `send_notification_to_old_thread` nor `stream_id` (2.1 clients).',
      }),
    },
    success: {},
    errors: [404, ...RENDERS],
  },
  deleteMessage: {
    method: 'DELETE',
    path: '/messages/:message_id',
    auth: 'user',
    summary: 'Delete a message',
    description: 'Deletes a message for everyone. Organization administrators may; senders may delete their own where the realm allows.',
    python: 'delete_message(message_id)',
    params: { message_id: messageIdParam },
    success: {},
    errors: [404],
  },
  getMessageHistory: {
    method: 'GET',
    path: '/messages/:message_id/history',
    auth: 'user',
    summary: "A message's edit history, oldest first",
    description: 'Lists the versions of a message: the original, then one entry per edit with what it changed.',
    python: 'get_message_history(message_id)',
    params: { message_id: messageIdParam, allow_empty_topic_name: allowEmptyTopicNameParam },
    success: {
      message_history: [
        'array',
        'The versions, oldest first: topic, content, rendered content, time and editor, and what each edit changed.',
      ],
    },
    errors: [404],
  },
  addReaction: {
    method: 'POST',
    path: '/messages/:message_id/reactions',
    auth: 'user',
    summary: 'Add an emoji reaction to a message',
    description: "Adds the caller's reaction with an emoji to a message; everyone who sees the message gets a `reaction` event.",
    python: 'add_reaction(request)',
    params: {
      message_id: messageIdParam,
      emoji_name: p.string({ required: true, description: 'The emoji, by name.', example: 'octopus' }),
      emoji_code: p.string({
        description: "Which emoji exactly: a Unicode code point in hex, or a custom emoji's id; from the name when absent.",
        example: '1f419',
        sample: false,
      }),
      reaction_type: p.string({
        description: '`unicode_emoji`, `realm_emoji` or `zulip_extra_emoji`; from the name when absent.',
        example: 'unicode_emoji',
        sample: false,
      }),
    },
    success: {},
    errors: [404],
  },
  removeReaction: {
    method: 'DELETE',
    path: '/messages/:message_id/reactions',
    auth: 'user',
    summary: "Remove the caller's emoji reaction from a message",
    description: "Removes the caller's reaction from a message, named by emoji name or by code.",
    python: 'remove_reaction(request)',
    params: {
      message_id: messageIdParam,
      emoji_name: p.string({ description: 'The emoji, by name.', example: 'octopus' }),
      emoji_code: p.string({ description: 'The emoji, by code (instead of the name).', example: '1f419', sample: false }),
      reaction_type: p.string({
        description: '`unicode_emoji`, `realm_emoji` or `zulip_extra_emoji`.',
        example: 'unicode_emoji',
        sample: false,
      }),
    },
    success: {},
    errors: [404],
  },
  ...messageWidgetEndpoints,
  getRealmFilters: {
    method: 'GET',
    path: '/realm/filters',
    auth: 'user',
    summary: "The realm's filters (linkifiers): patterns turned into links",
    description: "Lists the realm's linkifiers: each a pattern and the URL its matches link to.",
    params: {},
    success: { filters: ['array', 'Each filter as `[pattern, url_format_string, id]`.'] },
  },
  addRealmFilter: {
    method: 'POST',
    path: '/realm/filters',
    auth: 'user',
    summary: 'Add a realm filter (linkifier) (administrators)',
    // Optional here: a non-administrator is refused before missing arguments are reported.
    description: 'Adds a linkifier: text matching the pattern in later messages and topics becomes a link. Administrators only.',
    params: {
      pattern: p.string({ description: 'A regular expression with named groups.', example: '#(?P<id>[0-9]+)' }),
      url_format_string: p.string({
        description: 'The link, naming the groups as `%(id)s`.',
        example: 'https://github.com/zulip/zulip/issues/%(id)s',
      }),
    },
    success: { id: ['integer', 'The id of the new filter.'] },
  },
  removeRealmFilter: {
    method: 'DELETE',
    path: '/realm/filters/:filter_id',
    auth: 'user',
    summary: 'Remove a realm filter (linkifier) (administrators)',
    description: 'Removes a linkifier. Administrators only.',
    python: 'remove_realm_filter(filter_id)',
    params: { filter_id: filterIdParam },
    success: {},
    errors: [404],
  },
  ...messageFileEndpoints,
  /**
   * The message service's internal API: other services post messages here under their own
   * service identity (announcements by Notification Bot, webhook messages by their bot).
   */
  runMessageFollowUp: {
    method: 'POST',
    path: followUpRunPath('message'),
    auth: 'service',
    summary: 'Run a follow-up the message service owns, held by its requester',
    description: FOLLOW_UP_RUN_DESCRIPTION,
    params: { request_id: p.int({ required: true, description: 'The held job request.' }) },
    success: {},
  },
  sendInternalMessage: {
    method: 'POST',
    path: '/internal/messages',
    auth: 'service',
    summary: 'Send a message as a user of the realm named by the calling service',
    description: "Not routed by the gateway: the services' own way to post (announcements, webhooks).",
    params: {
      sender_email: p.string({ required: true, description: 'The user or bot the message is from.' }),
      type: p.string({ required: true, description: '`stream` or `private`.' }),
      to: p.doc(recipientsParam, { description: 'The stream name, or the recipients of a private message.' }),
      topic: p.string({ aliases: ['subject'], description: 'The topic of a stream message.' }),
      content: p.string({ required: true, nulError: nulInContent, description: 'The message in Markdown.' }),
      client: p.string({ default: 'Internal', description: 'The client name the message shows.' }),
    },
    success: { id: 'integer' },
    errors: RENDERS,
  },
});
