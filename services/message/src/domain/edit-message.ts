/**
 * PATCH /messages/{id} and GET /messages/{id}/history (Zulip 2.1's update_message_backend,
 * do_update_message and fill_edit_history_entries).
 *
 * Edit history is stored as Zulip stores it: messages.edit_history, newest first, one entry per
 * edit with the editor, the time and the previous values of what the edit changed. Snapshots
 * for the history endpoint are derived from it.
 */
import type { Knex } from 'knex';
import { getStreamById, streamSubscriberIds, toSeconds, writeNotices, type UserRow } from '@chat/db';
import { badRequest, plainError } from '@chat/errors';
import { userEventNotice, type EventOf, type UserEventNotice } from '@chat/events';
import type { Renderer } from '@chat/render-pool';
import { accessMessage } from './access';
import { FLAG_BITS, flagNames, type MessageFlag } from './flags';
import { highlightHtmlDifferences } from './html-diff';
import { messagePolicy } from './realm-policy';
import { renderMessage, renderTopicLinks } from './render';
import { checkTopic, truncateContent } from './send-message';
import { claimAttachments } from './uploads';
import { parseEditHistory, type EditHistoryEntry, type MessageRow } from '../store/messages';

/** Grace on top of the realm's limit, as Zulip (the client may offer editing ~15 s past it). */
const EDIT_LIMIT_BUFFER_SECONDS = 20;
/** Zulip's DEFAULT_COMMUNITY_TOPIC_EDITING_LIMIT_SECONDS: others may retitle for a day. */
const COMMUNITY_TOPIC_EDITING_LIMIT_SECONDS = 86400;
/** change_all reaches back this far, so one edit never rewrites an unbounded topic. */
const CHANGE_ALL_WINDOW_SECONDS = 7 * 86400;
const NO_TOPIC = '(no topic)';

export interface EditRequest {
  messageId: number;
  topic: string | undefined;
  content: string | undefined;
  propagateMode: string;
  /** The stream to move to (feature level 1): only the message's own stream is accepted here. */
  streamId?: number;
}

type UpdateMessageEvent = EventOf<'update_message'>;

/** A topic edit: the new topic, and the stream it is in (a private message has no topic). */
function checkTopicEdit(message: MessageRow, rawTopic: string | undefined): { topic: string; streamId: number } | undefined {
  if (rawTopic === undefined) return undefined;
  const topic = checkTopic(rawTopic);
  if (message.stream_id === null) throw badRequest('Private messages cannot have topics.');
  return { topic, streamId: message.stream_id };
}

function ageSeconds(message: MessageRow): number {
  return (Date.now() - new Date(message.date_sent).getTime()) / 1000;
}

export async function doUpdateMessage(db: Knex, renderer: Renderer, user: UserRow, request: EditRequest): Promise<void> {
  const policy = await messagePolicy(db, user.realm_id);
  if (!policy.allowMessageEditing) throw plainError('Your organization has turned off message editing');
  const { message } = await accessMessage(db, user, request.messageId);
  if (request.streamId !== undefined && request.streamId !== message.stream_id) {
    // Not served yet: a clear refusal rather than an edit that silently stays in place.
    throw badRequest('Moving messages between streams is not supported by this server');
  }
  const isSender = message.sender_id === user.id;
  const isAdmin = user.role === 'admin';
  const noTopic = message.subject === NO_TOPIC;
  const contentEdit = request.content !== undefined;

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
  if (request.topic === undefined && request.content === undefined) throw plainError('Nothing to change');
  const topicEdit = checkTopicEdit(message, request.topic);
  const topic = topicEdit?.topic;
  let content: string | undefined;
  if (request.content !== undefined) {
    content = request.content.trim() === '' ? '(deleted)' : truncateContent(request.content.trim());
  }

  const rendered = content === undefined ? undefined : await renderMessage(db, renderer, user, content, topic ?? message.subject);
  const subjectLinks = topic === undefined ? undefined : await renderTopicLinks(db, user.realm_id, topic);

  await db.transaction(async (trx) => {
    // Serializes concurrent edits of one message, so each history entry's "prev" is right.
    const current = (await trx<MessageRow>('messages').where({ id: message.id }).forUpdate().first()) ?? message;
    const now = new Date();
    const timestamp = toSeconds(now);
    const entry: EditHistoryEntry = { user_id: user.id, timestamp };
    const update: Record<string, unknown> = { last_edit_time: now };
    let event: Omit<UpdateMessageEvent, 'message_ids' | 'flags'> = {
      type: 'update_message',
      sender: user.email,
      user_id: user.id,
      message_id: current.id,
      edit_timestamp: timestamp,
      // A user's edit; Zulip's re-renderings of old messages set it true (feature level 114).
      rendering_only: false,
    };
    let stream = current.stream_id === null ? undefined : await getStreamById(trx, user.realm_id, current.stream_id);
    if (stream) event.stream_name = stream.name;
    // Every stream message's edit names its stream (feature level 112), not only a topic move.
    if (current.stream_id !== null) event.stream_id = current.stream_id;

    const ums: { user_id: number; flags: number }[] = await trx('user_messages').where({ message_id: current.id }).select('user_id', 'flags');
    const priorMentioned = ums.filter((um) => (um.flags & FLAG_BITS.mentioned!) !== 0).map((um) => um.user_id);

    if (content !== undefined && rendered) {
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
      // Mentions follow the new text (Zulip's update_user_message_flags).
      const mentioned = new Set(rendered.mentionedUserIds);
      const mask = FLAG_BITS.mentioned! | FLAG_BITS.wildcard_mentioned!;
      for (const um of ums) {
        let flags = um.flags & ~mask;
        if (mentioned.has(um.user_id)) flags |= FLAG_BITS.mentioned!;
        if (rendered.wildcardMentioned) flags |= FLAG_BITS.wildcard_mentioned!;
        if (flags !== um.flags) {
          await trx('user_messages').where({ message_id: current.id, user_id: um.user_id }).update({ flags });
          um.flags = flags;
        }
      }
      event = {
        ...event,
        orig_content: current.content,
        orig_rendered_content: current.rendered_content,
        content,
        rendered_content: rendered.html,
        prev_rendered_content_version: current.rendered_content_version,
        is_me_message: rendered.isMeMessage,
        push_notify_user_ids: [],
        stream_push_user_ids: [],
        stream_email_user_ids: [],
        prior_mention_user_ids: priorMentioned,
        mention_user_ids: rendered.mentionedUserIds.filter((id) => ums.some((um) => um.user_id === id)),
        presence_idle_user_ids: [],
        wildcard_mention_user_ids: rendered.wildcardMentioned ? ums.map((um) => um.user_id) : [],
      };
    }

    const changedIds = [current.id];
    if (topicEdit !== undefined) {
      entry.prev_subject = current.subject;
      update.subject = topicEdit.topic;
      event = {
        ...event,
        propagate_mode: request.propagateMode,
        stream_id: topicEdit.streamId,
        orig_subject: current.subject,
        subject: topicEdit.topic,
        subject_links: subjectLinks ?? [],
      };
      if (request.propagateMode === 'change_later' || request.propagateMode === 'change_all') {
        const others = trx('messages')
          .where({ recipient_id: current.recipient_id, subject: current.subject })
          .whereNot('id', current.id);
        if (request.propagateMode === 'change_later') others.where('id', '>', current.id);
        else others.where('date_sent', '>=', new Date(now.getTime() - CHANGE_ALL_WINDOW_SECONDS * 1000));
        const moved: { id: number }[] = await others.clone().select('id');
        if (moved.length > 0) await others.clone().update({ subject: topicEdit.topic });
        changedIds.push(...moved.map((r) => r.id));
      }
    } else {
      stream = undefined;
    }

    const history = parseEditHistory(current.edit_history) ?? [];
    update.edit_history = JSON.stringify([entry, ...history]);
    await trx('messages').where({ id: current.id }).update(update);
    if (content !== undefined) await claimAttachments(trx, user, current.id, content, current.content);

    // Every user with a row gets their own flags; on a topic edit in a stream whose history is
    // public to subscribers, current subscribers without a row are told too (as read).
    const recipients = ums.map((um) => ({ id: um.user_id, flags: flagNames(um.flags) }));
    if (stream?.history_public_to_subscribers) {
      const have = new Set(ums.map((um) => um.user_id));
      for (const id of await streamSubscriberIds(trx, stream.id)) if (!have.has(id)) recipients.push({ id, flags: ['read'] });
    }
    const changed = { ...event, message_ids: changedIds.sort((a, b) => a - b) };
    await writeNotices(trx, noticesByFlags(user.realm_id, changed, recipients));
  });
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

/** Snapshots oldest first: the original, then one per edit (Zulip's fill_edit_history_entries). */
export async function getMessageHistory(db: Knex, user: UserRow, messageId: number): Promise<Record<string, unknown>[]> {
  const policy = await messagePolicy(db, user.realm_id);
  if (!policy.allowEditHistory) throw plainError('Message edit history is disabled in this organization');
  const { message } = await accessMessage(db, user, messageId);
  let topic = message.subject;
  let content = message.content;
  let renderedContent = message.rendered_content;
  const snapshots: Record<string, unknown>[] = [];
  for (const entry of parseEditHistory(message.edit_history) ?? []) {
    const snapshot: Record<string, unknown> = {
      topic,
      content,
      rendered_content: renderedContent,
      timestamp: entry.timestamp,
      user_id: entry.user_id,
    };
    if (entry.prev_subject !== undefined) {
      topic = entry.prev_subject;
      snapshot.prev_topic = topic;
    }
    if (entry.prev_content !== undefined) {
      const newer = renderedContent;
      content = entry.prev_content;
      renderedContent = entry.prev_rendered_content ?? '';
      snapshot.prev_content = content;
      snapshot.prev_rendered_content = renderedContent;
      snapshot.content_html_diff = highlightHtmlDifferences(renderedContent, newer);
    }
    snapshots.push(snapshot);
  }
  snapshots.push({ topic, content, rendered_content: renderedContent, timestamp: toSeconds(message.date_sent), user_id: message.sender_id });
  return snapshots.reverse();
}

