import { Type, type TProperties } from '@sinclair/typebox';
import { bool, closedObject, defineEvent, eventObject, int, ints, nullableStr, str, strs, stringEnum } from './define';

/**
 * Events of the message service, as Zulip 2.1 sends them (behaviour notes, section 3). Each
 * schema describes the event a client receives, after the queue adds `id`; tests of the service
 * validate the outbox notice's event with `id` added.
 */
/**
 * A user's flags for a message. stream_wildcard_mentioned and topic_wildcard_mentioned are
 * feature level 224's; wildcard_mentioned, 2.1's, is still sent when either is.
 */
export const MessageFlags = Type.Array(
  stringEnum([
    'read',
    'starred',
    'collapsed',
    'mentioned',
    'stream_wildcard_mentioned',
    'topic_wildcard_mentioned',
    'summarize_in_stream',
    'force_expand',
    'force_collapse',
    'has_alert_word',
    'historical',
    'wildcard_mentioned',
  ]),
);

const reactionType = stringEnum(['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji']);

const DisplayUser = closedObject({ email: str, full_name: str, short_name: str, id: int, is_mirror_dummy: bool });

/** user_id from feature level 2; `user` is 2.1's, kept for older clients. */
const MessageReaction = closedObject({
  emoji_name: str,
  emoji_code: str,
  reaction_type: reactionType,
  user_id: int,
  user: closedObject({ email: str, id: int, full_name: str }),
});

/** One of a message's submessages, oldest first (Zulip's SubMessage.get_raw_db_rows). */
export const MessageSubmessage = closedObject({ id: int, message_id: int, sender_id: int, msg_type: str, content: str });

/** What a stream message and a private message dict share. */
const messageDictProperties = {
  id: int,
  content: str,
  content_type: stringEnum(['text/html', 'text/x-markdown']),
  subject: str,
  subject_links: strs,
  recipient_id: int,
  sender_id: int,
  sender_email: str,
  sender_full_name: str,
  sender_short_name: str,
  sender_realm_str: str,
  avatar_url: nullableStr,
  client: str,
  timestamp: int,
  is_me_message: bool,
  reactions: Type.Array(MessageReaction),
  submessages: Type.Array(MessageSubmessage),
  last_edit_timestamp: Type.Optional(int),
  last_moved_timestamp: Type.Optional(int),
};

/**
 * A message dict with the given keys beside its own, still closed (the answers of GET /messages
 * add the caller's flags): a stream message names its stream (stream_id, display_recipient its
 * name), a private message has no stream_id and lists its users.
 */
export function messageDictWith<P extends TProperties>(extra: P) {
  return Type.Union([
    closedObject({ ...messageDictProperties, type: Type.Literal('stream'), stream_id: int, display_recipient: str, ...extra }),
    closedObject({
      ...messageDictProperties,
      type: Type.Literal('private'),
      display_recipient: Type.Array(DisplayUser, { minItems: 1 }),
      ...extra,
    }),
  ]);
}

/** The message dict of a message event (Zulip's MessageDict, flags travel beside it). */
export const MessageDict = messageDictWith({});

export const MessageEvent = closedObject({
  type: Type.Literal('message'),
  id: int,
  message: MessageDict,
  flags: MessageFlags,
  local_message_id: Type.Optional(str),
});

/** Content edits carry all of the content keys and topic edits all of the topic keys. */
const contentEditKeys = ['orig_content', 'orig_rendered_content', 'rendered_content', 'prev_rendered_content_version', 'is_me_message'];
const topicEditKeys = ['orig_subject', 'propagate_mode', 'stream_id', 'subject_links'];
const streamMoveKeys = ['orig_subject', 'propagate_mode', 'stream_id', 'stream_name'];

export const UpdateMessageEvent = Type.Object(
  {
    type: Type.Literal('update_message'),
    id: int,
    sender: str,
    user_id: int,
    message_id: int,
    message_ids: ints,
    edit_timestamp: int,
    rendering_only: bool,
    flags: MessageFlags,
    stream_name: Type.Optional(str),
    // Content edits.
    orig_content: Type.Optional(str),
    orig_rendered_content: Type.Optional(str),
    content: Type.Optional(str),
    rendered_content: Type.Optional(str),
    prev_rendered_content_version: Type.Optional(int),
    is_me_message: Type.Optional(bool),
    push_notify_user_ids: Type.Optional(ints),
    stream_push_user_ids: Type.Optional(ints),
    stream_email_user_ids: Type.Optional(ints),
    prior_mention_user_ids: Type.Optional(ints),
    mention_user_ids: Type.Optional(ints),
    presence_idle_user_ids: Type.Optional(ints),
    wildcard_mention_user_ids: Type.Optional(ints),
    // Topic edits.
    propagate_mode: Type.Optional(str),
    stream_id: Type.Optional(int),
    orig_subject: Type.Optional(str),
    subject: Type.Optional(str),
    subject_links: Type.Optional(strs),
    // Moves to another stream (feature level 1): stream_id and stream_name are the old stream's.
    new_stream_id: Type.Optional(int),
  },
  { additionalProperties: false, dependencies: { content: contentEditKeys, subject: topicEditKeys, new_stream_id: streamMoveKeys } },
);

/** What the deletion of a stream message and of a private message share. */
const deleteMessageProperties = { type: Type.Literal('delete_message'), id: int, sender: str, sender_id: int, message_id: int };

/**
 * A stream message's deletion names its stream and topic, a private message's its recipient: one
 * event per message, as 2.1 sent it. Queues that declared bulk_message_deletion (feature level
 * 13) get instead one event listing every message deleted together, without the sender.
 */
export const DeleteMessageEvent = Type.Union([
  closedObject({ ...deleteMessageProperties, message_type: Type.Literal('stream'), stream_id: int, topic: str }),
  closedObject({ ...deleteMessageProperties, message_type: Type.Literal('private'), recipient_id: int }),
  closedObject({
    type: Type.Literal('delete_message'),
    id: int,
    message_ids: ints,
    message_type: Type.Literal('stream'),
    stream_id: int,
    topic: str,
  }),
  closedObject({ type: Type.Literal('delete_message'), id: int, message_ids: ints, message_type: Type.Literal('private') }),
]);

/** Where a message marked unread is (feature level 121), keyed by its id. */
const MessageDetail = Type.Union([
  closedObject({ type: Type.Literal('stream'), stream_id: int, topic: str, mentioned: Type.Optional(bool) }),
  closedObject({ type: Type.Literal('private'), user_ids: ints, mentioned: Type.Optional(bool) }),
]);

/** `op` is `operation`'s name from feature level 32; both are sent. */
export const UpdateMessageFlagsEvent = closedObject({
  type: Type.Literal('update_message_flags'),
  id: int,
  op: stringEnum(['add', 'remove']),
  operation: stringEnum(['add', 'remove']),
  flag: stringEnum(['read', 'starred', 'collapsed']),
  messages: ints,
  all: bool,
  message_details: Type.Optional(Type.Record(str, MessageDetail)),
});

export const ReactionEvent = closedObject({
  type: Type.Literal('reaction'),
  id: int,
  op: stringEnum(['add', 'remove']),
  user_id: int,
  user: closedObject({ user_id: int, email: str, full_name: str }),
  message_id: int,
  emoji_name: str,
  emoji_code: str,
  reaction_type: reactionType,
});

/** A submessage was added to a message (do_add_submessage): to everyone who has the message. */
export const SubmessageEvent = eventObject('submessage', {
  message_id: int,
  submessage_id: int,
  sender_id: int,
  msg_type: str,
  content: str,
});

export const messageEvents = {
  message: defineEvent(MessageEvent),
  update_message: defineEvent(UpdateMessageEvent),
  delete_message: defineEvent(DeleteMessageEvent),
  update_message_flags: defineEvent(UpdateMessageFlagsEvent),
  reaction: defineEvent(ReactionEvent),
  submessage: defineEvent(SubmessageEvent),
};
