/**
 * The update_message event of an edit (Zulip's do_update_message notify step): what changed, to
 * every holder of the message with their own flags, and on a topic edit in a stream whose history
 * is public to subscribers also to the subscribers without a row (as read).
 */
import type { StreamRow } from '@chat/db';
import { userEventNotice, type EventOf, type UserEventNotice } from '@chat/events';
import { FLAG_BITS, flagNames, WILDCARD_MENTION_BITS, type MessageFlag } from '../lib/flags';
import type { MessageRow } from '../queries/messages';
import type { CheckedEdit, ContentEdit, HolderFlags, StreamEdit, TopicEdit } from './checked-edit';

type UpdateMessageEvent = EventOf<'update_message'>;
type EventDraft = Omit<UpdateMessageEvent, 'message_ids' | 'flags'>;

/** What doUpdateMessage wrote. */
export interface WrittenEdit {
  edit: CheckedEdit;
  /** The message as it was, locked, before the edit. */
  current: MessageRow;
  stream: StreamRow | undefined;
  /** The holders' flags before and after the edit (the same users, in the same order). */
  before: HolderFlags[];
  after: HolderFlags[];
  /** The edited message and the others a topic edit moved with it. */
  messageIds: number[];
  timestamp: number;
}

function contentFields(written: WrittenEdit, { content, rendered }: ContentEdit): Partial<EventDraft> {
  const { current, before, after } = written;
  return {
    orig_content: current.content,
    orig_rendered_content: current.rendered_content,
    content,
    rendered_content: rendered.html,
    prev_rendered_content_version: current.rendered_content_version,
    is_me_message: rendered.isMeMessage,
    push_notify_user_ids: [],
    stream_push_user_ids: [],
    stream_email_user_ids: [],
    prior_mention_user_ids: before.filter((um) => (um.flags & FLAG_BITS.mentioned!) !== 0).map((um) => um.user_id),
    mention_user_ids: rendered.mentionedUserIds.filter((id) => before.some((um) => um.user_id === id)),
    presence_idle_user_ids: [],
    // 2.1's field: the holders either wildcard of the new text mentions.
    wildcard_mention_user_ids: after.filter((um) => (um.flags & WILDCARD_MENTION_BITS) !== 0).map((um) => um.user_id),
  };
}

function topicFields(written: WrittenEdit, topicEdit: TopicEdit): Partial<EventDraft> {
  return {
    propagate_mode: written.edit.propagateMode,
    stream_id: topicEdit.streamId,
    orig_subject: written.current.subject,
    subject: topicEdit.topic,
    subject_links: topicEdit.subjectLinks,
  };
}

/** A move to another stream names the new one beside the old (stream_id, stream_name) and the old topic. */
function streamFields(written: WrittenEdit, streamEdit: StreamEdit): Partial<EventDraft> {
  return {
    propagate_mode: written.edit.propagateMode,
    orig_subject: written.current.subject,
    new_stream_id: streamEdit.to.id,
  };
}

function updateMessageEvent(written: WrittenEdit): Omit<UpdateMessageEvent, 'flags'> {
  const { edit, current, stream } = written;
  let event: EventDraft = {
    type: 'update_message',
    sender: edit.user.email,
    user_id: edit.user.id,
    message_id: current.id,
    edit_timestamp: written.timestamp,
    // A user's edit; Zulip's re-renderings of old messages set it true (feature level 114).
    rendering_only: false,
  };
  if (stream) event.stream_name = stream.name;
  // Every stream message's edit names its stream (feature level 112), not only a topic move.
  if (current.stream_id !== null) event.stream_id = current.stream_id;
  if (edit.contentEdit) event = { ...event, ...contentFields(written, edit.contentEdit) };
  if (edit.topicEdit) event = { ...event, ...topicFields(written, edit.topicEdit) };
  if (edit.streamEdit) event = { ...event, ...streamFields(written, edit.streamEdit) };
  return { ...event, message_ids: [...written.messageIds].sort((a, b) => a - b) };
}

/** One notice per distinct flag list, since a queue receives the event exactly as written. */
function noticesByFlags(
  realmId: number,
  event: Omit<UpdateMessageEvent, 'flags'>,
  recipients: { id: number; flags: MessageFlag[] }[],
): UserEventNotice[] {
  const groups = new Map<string, { flags: MessageFlag[]; ids: number[] }>();
  for (const r of recipients) {
    const key = r.flags.join(',');
    const group = groups.get(key) ?? { flags: r.flags, ids: [] };
    group.ids.push(r.id);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => userEventNotice(realmId, { ...event, flags: g.flags }, g.ids));
}

/**
 * Every holder gets their own flags (as they are after the edit); `alsoTold` (subscribers
 * without a row, on a topic edit) get it as read.
 */
export function updateMessageNotices(written: WrittenEdit, alsoTold: number[]): UserEventNotice[] {
  const recipients = [
    ...written.after.map((um) => ({ id: um.user_id, flags: flagNames(um.flags) })),
    ...alsoTold.map((id): { id: number; flags: MessageFlag[] } => ({ id, flags: ['read'] })),
  ];
  return noticesByFlags(written.edit.user.realm_id, updateMessageEvent(written), recipients);
}
