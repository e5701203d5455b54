/**
 * PATCH /messages/{id}, split as Zulip splits update_message_backend: checkUpdateMessage
 * validates the edit and computes it (the new topic and its links, the new content and its
 * rendering, the stream it moves to) without writing; doUpdateMessage writes it in one transaction
 * with set-based statements (edit-writes.ts, move-to-stream.ts), and its events commit with it.
 * Notification Bot's notices of a move or a resolve follow the commit (edit-notices.ts).
 *
 * Edit history is stored as Zulip stores it (lib/edit-history.ts): one entry per edit, newest
 * first, with the editor, the time and the previous values of what the edit changed.
 */
import type { Knex } from 'knex';
import { getStreamById, streamSubscriberIds, toSeconds, userGroupMemberIds, writeNotices, type StreamRow, type UserRow } from '@chat/db';
import { badRequest, plainError } from '@chat/errors';
import { NO_TOPIC_NAME } from '@chat/events';
import type { Renderer } from '@chat/render-pool';
import { FLAG_BITS } from '../lib/flags';
import { checkTopic, checkTopicAllowed, truncateContent } from '../lib/message-text';
import { ageSeconds, EDIT_LIMIT_BUFFER_SECONDS, isModeratorOrAbove } from '../lib/move-permissions';
import { checkResolvableTopic, resolveChange } from '../lib/resolved-topic';
import { accessMessageToChange } from '../queries/access';
import { getMessageRow, type MessageRow } from '../queries/messages';
import { messagePolicy, type MessagePolicy } from '../queries/realm-policy';
import { renderMessage, renderTopicLinks } from '../queries/render';
import { topicParticipants } from '../queries/topic-participants';
import { messageHolderFlags } from '../queries/user-messages';
import { checkStreamMove } from './check-move';
import { doClaimAttachments } from './claim-attachments';
import type { CheckedEdit, HolderFlags, MoveNotifications } from './checked-edit';
import { messageUpdate, moveOthers, propagatedIds } from './edit-writes';
import { moveOutcome, movedAwayNotices, type MoveOutcome } from './move-outcome';
import { moveAlsoTold, moveUserMessages, type AccessChange } from './move-to-stream';
import { updateMessageNotices } from './update-message-notices';

/** Zulip's DEFAULT_COMMUNITY_TOPIC_EDITING_LIMIT_SECONDS: others may retitle for a day. */
const COMMUNITY_TOPIC_EDITING_LIMIT_SECONDS = 86400;

export interface EditRequest {
  messageId: number;
  topic: string | undefined;
  content: string | undefined;
  propagateMode: string;
  /** The stream to move to (feature level 1); the message's own stream changes nothing. */
  streamId?: number;
  sendNotificationToOldThread?: boolean;
  sendNotificationToNewThread?: boolean;
}

/**
 * Zulip's defaults since feature level 152: the new thread is told, the old one not. A request
 * naming neither and no stream (2.1's shape of a topic edit) keeps 2.1's silent rename.
 */
function moveNotifications(request: EditRequest): MoveNotifications {
  const modern =
    request.streamId !== undefined ||
    request.sendNotificationToOldThread !== undefined ||
    request.sendNotificationToNewThread !== undefined;
  return { oldThread: request.sendNotificationToOldThread ?? false, newThread: request.sendNotificationToNewThread ?? modern };
}

/**
 * Who may edit what, and until when (Zulip's check_update_message permission checks). Resolving or
 * unresolving a topic is open to whoever may edit its topic, without the topic's time limit
 * (Zulip's can_resolve_topics, feature level 367), and is refused in its own words.
 */
function checkEditPermission(
  user: UserRow,
  message: MessageRow,
  policy: MessagePolicy,
  edit: { content: boolean; resolve: boolean },
): void {
  const isSender = message.sender_id === user.id;
  // Moderators and administrators edit any topic at any age (Zulip's is_moderator checks).
  const isModerator = isModeratorOrAbove(user);
  // A message without a topic (2.1's literal "(no topic)", now the empty topic) may be retitled by anyone.
  const noTopic = message.subject === '' || message.subject === NO_TOPIC_NAME;
  if (!isSender && !(!edit.content && (noTopic || isModerator || policy.allowCommunityTopicEditing))) {
    if (edit.resolve) throw badRequest("You don't have permission to resolve topics in this channel.");
    throw badRequest("You don't have permission to edit this message");
  }
  if (edit.content && policy.messageContentEditLimitSeconds > 0) {
    if (ageSeconds(message.date_sent) > policy.messageContentEditLimitSeconds + EDIT_LIMIT_BUFFER_SECONDS) {
      throw badRequest('The time limit for editing this message has passed');
    }
  }
  if (!edit.content && !edit.resolve && !isSender && !isModerator && !noTopic) {
    if (ageSeconds(message.date_sent) > COMMUNITY_TOPIC_EDITING_LIMIT_SECONDS + EDIT_LIMIT_BUFFER_SECONDS) {
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
  checkResolvableTopic(topic);
  return { topic, streamId: message.stream_id };
}

/** An emptied message reads "(deleted)", as in Zulip. */
function editedContent(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  return raw.trim() === '' ? '(deleted)' : truncateContent(raw.trim());
}

/** A move names a stream only when it is another than the message's; with it, the same topic is no rename. */
function effectiveRequest(request: EditRequest, message: MessageRow): EditRequest {
  const streamId = request.streamId === message.stream_id ? undefined : request.streamId;
  const sameTopic = streamId !== undefined && request.topic !== undefined && request.topic.trim() === message.subject;
  return { ...request, streamId, topic: sameTopic ? undefined : request.topic };
}

/** Zulip's check_update_message: the errors in its order, then the edit rendered, nothing written. */
export async function checkUpdateMessage(db: Knex, renderer: Renderer, user: UserRow, raw: EditRequest): Promise<CheckedEdit> {
  const policy = await messagePolicy(db, user.realm_id);
  // Moving to another stream does not depend on message editing being on (feature level 159).
  if (!policy.allowMessageEditing && (raw.streamId === undefined || raw.content !== undefined)) {
    throw plainError('Your organization has turned off message editing');
  }
  const { message } = await accessMessageToChange(db, user, raw.messageId);
  const request = effectiveRequest(raw, message);
  const contentEdited = request.content !== undefined;
  const streamEdit =
    request.streamId === undefined
      ? undefined
      : await checkStreamMove(db, user, message, { ...request, streamId: request.streamId, contentEdited }, policy);
  if (request.topic === undefined && !contentEdited && !streamEdit) throw plainError('Nothing to change');
  const topic = checkTopicEdit(message, request.topic, policy);
  const resolve = topic && !streamEdit && !contentEdited ? resolveChange(message.subject, topic.topic) : undefined;
  if (topic || contentEdited) checkEditPermission(user, message, policy, { content: contentEdited, resolve: resolve !== undefined });
  const content = editedContent(request.content);
  const rendered = content === undefined ? undefined : await renderMessage(db, renderer, user, content, topic?.topic ?? message.subject);
  const subjectLinks = topic === undefined ? undefined : await renderTopicLinks(db, user.realm_id, topic.topic);
  const checked: CheckedEdit = { user, message, propagateMode: request.propagateMode, notify: moveNotifications(raw) };
  if (topic) checked.topicEdit = { ...topic, subjectLinks: subjectLinks ?? [] };
  if (content !== undefined && rendered) checked.contentEdit = { content, rendered };
  if (streamEdit) checked.streamEdit = streamEdit;
  if (resolve) checked.resolve = resolve;
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

/**
 * Who hears of a topic edit beyond the holders: in a stream whose history is public to
 * subscribers, current subscribers without a row (as read).
 */
async function subscribersWithoutRow(trx: Knex.Transaction, stream: StreamRow | undefined, holders: HolderFlags[]): Promise<number[]> {
  if (!stream?.history_public_to_subscribers) return [];
  const have = new Set(holders.map((um) => um.user_id));
  return (await streamSubscriberIds(trx, stream.id)).filter((id) => !have.has(id));
}

/** Who else hears of the edit, as read: for a move, the subscribers on either side (move-to-stream.ts). */
async function alsoToldOf(
  trx: Knex.Transaction,
  edit: CheckedEdit,
  stream: StreamRow | undefined,
  holders: HolderFlags[],
  change: AccessChange | undefined,
): Promise<number[]> {
  const holderIds = holders.map((um) => um.user_id);
  if (edit.streamEdit && change) return moveAlsoTold(trx, edit.streamEdit.from, edit.streamEdit.to, holderIds, change);
  return edit.topicEdit ? subscribersWithoutRow(trx, stream, holders) : [];
}

/**
 * Zulip's do_update_message: the checked edit, its history entries and its events, in one
 * transaction (those who lose a moved message hear of it as a deletion, before the edit event);
 * for a move, what Notification Bot's notices need.
 */
export async function doUpdateMessage(db: Knex, edit: CheckedEdit): Promise<MoveOutcome | undefined> {
  const { user } = edit;
  return db.transaction(async (trx) => {
    // Serializes concurrent edits of one message, so each history entry's "prev" is right.
    const current = (await getMessageRow(trx, edit.message.id, true)) ?? edit.message;
    const now = new Date();
    const stream = current.stream_id === null ? undefined : await getStreamById(trx, user.realm_id, current.stream_id);
    const before = await messageHolderFlags(trx, current.id);
    const flagged = edit.contentEdit ? await flagsAfterContentEdit(trx, current, edit, before) : before;
    await updateHolderFlags(trx, current.id, before, flagged);
    const moving = edit.topicEdit !== undefined || edit.streamEdit !== undefined;
    const others = moving ? await propagatedIds(trx, current, edit, now) : [];
    const messageIds = [current.id, ...others].sort((a, b) => a - b);
    await moveOthers(trx, others, current, edit, now);
    await trx('messages')
      .where({ id: current.id })
      .update(messageUpdate(current, edit, now));
    if (edit.contentEdit) await doClaimAttachments(trx, user, current.id, edit.contentEdit.content, current.content);
    const from = edit.streamEdit?.from;
    const change = edit.streamEdit ? await moveUserMessages(trx, edit.streamEdit.from, edit.streamEdit.to, messageIds) : undefined;
    // A move to another stream changes who has the message: its holders are read again.
    const after = change ? await messageHolderFlags(trx, current.id) : flagged;
    const alsoTold = await alsoToldOf(trx, edit, stream, after, change);
    const written = { edit, current, stream, before, after, messageIds, timestamp: toSeconds(now) };
    const deletions = from && change ? await movedAwayNotices(trx, current, from, messageIds, change.losingAccess) : [];
    await writeNotices(trx, [...deletions, ...updateMessageNotices(written, alsoTold)]);
    return moving ? moveOutcome(trx, current, edit, messageIds) : undefined;
  });
}
