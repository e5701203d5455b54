/**
 * PATCH /messages/{id}, split as Zulip splits update_message_backend: checkUpdateMessage
 * validates the edit and computes it (the new topic and its links, the new content and its
 * rendering) without writing; doUpdateMessage writes it in one transaction with set-based
 * statements, and its notices (update-message-notices.ts) commit with it.
 *
 * Edit history is stored as Zulip stores it (lib/edit-history.ts): one entry per edit, newest
 * first, with the editor, the time and the previous values of what the edit changed.
 */
import type { Knex } from 'knex';
import { getStreamById, streamSubscriberIds, toSeconds, userGroupMemberIds, writeNotices, type StreamRow, type UserRow } from '@chat/db';
import { badRequest, plainError } from '@chat/errors';
import { NO_TOPIC_NAME } from '@chat/events';
import type { Renderer } from '@chat/render-pool';
import { parseEditHistory, type EditHistoryEntry } from '../lib/edit-history';
import { FLAG_BITS } from '../lib/flags';
import { checkTopic, checkTopicAllowed, truncateContent } from '../lib/message-text';
import { accessMessage } from '../queries/access';
import { getMessageRow, type MessageRow } from '../queries/messages';
import { messagePolicy, type MessagePolicy } from '../queries/realm-policy';
import { renderMessage, renderTopicLinks } from '../queries/render';
import { topicParticipants } from '../queries/topic-participants';
import { messageHolderFlags } from '../queries/user-messages';
import { doClaimAttachments } from './claim-attachments';
import type { CheckedEdit, HolderFlags } from './checked-edit';
import { updateMessageNotices } from './update-message-notices';

/** Grace on top of the realm's limit, as Zulip (the client may offer editing ~15 s past it). */
const EDIT_LIMIT_BUFFER_SECONDS = 20;
/** Zulip's DEFAULT_COMMUNITY_TOPIC_EDITING_LIMIT_SECONDS: others may retitle for a day. */
const COMMUNITY_TOPIC_EDITING_LIMIT_SECONDS = 86400;
/** change_all reaches back this far, so one edit never rewrites an unbounded topic. */
const CHANGE_ALL_WINDOW_SECONDS = 7 * 86400;

export interface EditRequest {
  messageId: number;
  topic: string | undefined;
  content: string | undefined;
  propagateMode: string;
  /** The stream to move to (feature level 1): only the message's own stream is accepted here. */
  streamId?: number;
}

function ageSeconds(message: MessageRow): number {
  return (Date.now() - new Date(message.date_sent).getTime()) / 1000;
}

/** Who may edit what, and until when (Zulip's check_update_message permission checks). */
function checkEditPermission(user: UserRow, message: MessageRow, policy: MessagePolicy, contentEdit: boolean): void {
  const isSender = message.sender_id === user.id;
  const isAdmin = user.role === 'admin';
  // A message without a topic (2.1's literal "(no topic)", now the empty topic) may be retitled by anyone.
  const noTopic = message.subject === '' || message.subject === NO_TOPIC_NAME;
  if (!isSender && !(!contentEdit && (noTopic || isAdmin || policy.allowCommunityTopicEditing))) {
    throw badRequest("You don't have permission to edit this message");
  }
  if (contentEdit && policy.messageContentEditLimitSeconds > 0) {
    if (ageSeconds(message) > policy.messageContentEditLimitSeconds + EDIT_LIMIT_BUFFER_SECONDS) {
      throw badRequest('The time limit for editing this message has passed');
    }
  }
  if (!contentEdit && !isSender && !isAdmin && !noTopic) {
    if (ageSeconds(message) > COMMUNITY_TOPIC_EDITING_LIMIT_SECONDS + EDIT_LIMIT_BUFFER_SECONDS) {
      throw badRequest('The time limit for editing this message has passed');
    }
  }
}

/** The new topic, and the stream it is in (a private message has no topic). */
function checkTopicEdit(
  message: MessageRow,
  rawTopic: string | undefined,
  policy: MessagePolicy,
): { topic: string; streamId: number } | undefined {
  if (rawTopic === undefined) return undefined;
  const topic = checkTopic(rawTopic);
  checkTopicAllowed(topic, policy.topicsRequired);
  if (message.stream_id === null) throw badRequest('Private messages cannot have topics.');
  return { topic, streamId: message.stream_id };
}

/** An emptied message reads "(deleted)", as in Zulip. */
function editedContent(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  return raw.trim() === '' ? '(deleted)' : truncateContent(raw.trim());
}

/** Zulip's check_update_message: the errors in its order, then the edit rendered, nothing written. */
export async function checkUpdateMessage(db: Knex, renderer: Renderer, user: UserRow, request: EditRequest): Promise<CheckedEdit> {
  const policy = await messagePolicy(db, user.realm_id);
  if (!policy.allowMessageEditing) throw plainError('Your organization has turned off message editing');
  const { message } = await accessMessage(db, user, request.messageId);
  if (request.streamId !== undefined && request.streamId !== message.stream_id) {
    // Not served yet: a clear refusal rather than an edit that silently stays in place.
    throw badRequest('Moving messages between streams is not supported by this server');
  }
  checkEditPermission(user, message, policy, request.content !== undefined);
  if (request.topic === undefined && request.content === undefined) throw plainError('Nothing to change');
  const topic = checkTopicEdit(message, request.topic, policy);
  const content = editedContent(request.content);
  const rendered = content === undefined ? undefined : await renderMessage(db, renderer, user, content, topic?.topic ?? message.subject);
  const subjectLinks = topic === undefined ? undefined : await renderTopicLinks(db, user.realm_id, topic.topic);
  const checked: CheckedEdit = { user, message, propagateMode: request.propagateMode };
  if (topic) checked.topicEdit = { ...topic, subjectLinks: subjectLinks ?? [] };
  if (content !== undefined && rendered) checked.contentEdit = { content, rendered };
  return checked;
}

/**
 * Each holder's flags after a content edit (Zulip's update_user_message_flags): mentioned follows
 * the new text and its groups, stream_wildcard_mentioned its stream wildcard, and
 * topic_wildcard_mentioned its @**topic**, for the topic's participants.
 */
async function flagsAfterContentEdit(
  trx: Knex.Transaction,
  current: MessageRow,
  edit: CheckedEdit,
  holders: HolderFlags[],
): Promise<HolderFlags[]> {
  const rendered = edit.contentEdit!.rendered;
  const mentioned = new Set([...rendered.mentionedUserIds, ...(await userGroupMemberIds(trx, rendered.mentionedUserGroupIds ?? []))]);
  // The topic the message ends in, whose participants @**topic** mentions (its sender among them).
  const topic = edit.topicEdit?.topic ?? current.subject;
  const participants =
    rendered.topicWildcardMentioned && current.stream_id !== null
      ? (await topicParticipants(trx, current.recipient_id, topic)).add(current.sender_id)
      : new Set<number>();
  const mask = FLAG_BITS.mentioned! | FLAG_BITS.stream_wildcard_mentioned! | FLAG_BITS.topic_wildcard_mentioned!;
  return holders.map((um) => {
    let flags = um.flags & ~mask;
    if (mentioned.has(um.user_id)) flags |= FLAG_BITS.mentioned!;
    if (rendered.streamWildcardMentioned) flags |= FLAG_BITS.stream_wildcard_mentioned!;
    if (participants.has(um.user_id)) flags |= FLAG_BITS.topic_wildcard_mentioned!;
    return { user_id: um.user_id, flags };
  });
}

/** Writes the holders' new flags, those that changed, in one statement. */
async function updateHolderFlags(trx: Knex.Transaction, messageId: number, before: HolderFlags[], after: HolderFlags[]): Promise<void> {
  const changed = after.filter((um, i) => um.flags !== before[i]!.flags);
  if (changed.length === 0) return;
  await trx.raw(
    'UPDATE user_messages SET flags = x.flags FROM unnest(?::int[], ?::int[]) AS x(user_id, flags) WHERE message_id = ? AND user_messages.user_id = x.user_id',
    [changed.map((um) => um.user_id), changed.map((um) => um.flags), messageId],
  );
}

/** Moves the topic's other messages too, per propagate_mode; their ids. */
async function propagateTopic(trx: Knex.Transaction, current: MessageRow, edit: CheckedEdit, topic: string, now: Date): Promise<number[]> {
  if (edit.propagateMode !== 'change_later' && edit.propagateMode !== 'change_all') return [];
  const others = trx('messages').where({ recipient_id: current.recipient_id, subject: current.subject }).whereNot('id', current.id);
  if (edit.propagateMode === 'change_later') others.where('id', '>', current.id);
  else others.where('date_sent', '>=', new Date(now.getTime() - CHANGE_ALL_WINDOW_SECONDS * 1000));
  const moved: { id: number }[] = await others.update({ subject: topic }).returning('id');
  return moved.map((r) => r.id);
}

/** The messages row's new columns and the history entry recording what they were. */
function messageUpdate(current: MessageRow, edit: CheckedEdit, userId: number, now: Date): Record<string, unknown> {
  const entry: EditHistoryEntry = { user_id: userId, timestamp: toSeconds(now) };
  const update: Record<string, unknown> = { last_edit_time: now };
  if (edit.contentEdit) {
    const { content, rendered } = edit.contentEdit;
    entry.prev_content = current.content;
    entry.prev_rendered_content = current.rendered_content;
    entry.prev_rendered_content_version = current.rendered_content_version;
    Object.assign(update, {
      content,
      rendered_content: rendered.html,
      is_me_message: rendered.isMeMessage,
      has_link: rendered.hasLink,
      has_image: rendered.hasImage,
      has_attachment: rendered.hasAttachment,
    });
  }
  if (edit.topicEdit) {
    entry.prev_subject = current.subject;
    update.subject = edit.topicEdit.topic;
  }
  update.edit_history = JSON.stringify([entry, ...(parseEditHistory(current.edit_history) ?? [])]);
  return update;
}

/**
 * Who hears of a topic edit beyond the holders: in a stream whose history is public to
 * subscribers, current subscribers without a row (as read).
 */
async function subscribersWithoutRow(trx: Knex.Transaction, stream: StreamRow | undefined, holders: HolderFlags[]): Promise<number[]> {
  if (!stream?.history_public_to_subscribers) return [];
  const have = new Set(holders.map((um) => um.user_id));
  return (await streamSubscriberIds(trx, stream.id)).filter((id) => !have.has(id));
}

/** Zulip's do_update_message: the checked edit, its history entry and its notices, in one transaction. */
export async function doUpdateMessage(db: Knex, edit: CheckedEdit): Promise<void> {
  const { user } = edit;
  await db.transaction(async (trx) => {
    // Serializes concurrent edits of one message, so each history entry's "prev" is right.
    const current = (await getMessageRow(trx, edit.message.id, true)) ?? edit.message;
    const now = new Date();
    const stream = current.stream_id === null ? undefined : await getStreamById(trx, user.realm_id, current.stream_id);
    const before = await messageHolderFlags(trx, current.id);
    const after = edit.contentEdit ? await flagsAfterContentEdit(trx, current, edit, before) : before;
    await updateHolderFlags(trx, current.id, before, after);
    const moved = edit.topicEdit ? await propagateTopic(trx, current, edit, edit.topicEdit.topic, now) : [];
    await trx('messages')
      .where({ id: current.id })
      .update(messageUpdate(current, edit, user.id, now));
    if (edit.contentEdit) await doClaimAttachments(trx, user, current.id, edit.contentEdit.content, current.content);
    const alsoTold = edit.topicEdit ? await subscribersWithoutRow(trx, stream, after) : [];
    const written = { edit, current, stream, before, after, messageIds: [current.id, ...moved], timestamp: toSeconds(now) };
    await writeNotices(trx, updateMessageNotices(written, alsoTold));
  });
}
