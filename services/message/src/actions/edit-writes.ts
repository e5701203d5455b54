/**
 * The rows an edit rewrites (Zulip's do_update_message and update_messages_for_topic_edit): the
 * edited message with its new columns and a history entry of what they were, and for a move the
 * topic's other messages per propagate_mode, each with an entry of the move alone.
 */
import type { Knex } from 'knex';
import { anyOf, toSeconds } from '@chat/db';
import { parseEditHistory, type EditHistoryEntry } from '../lib/edit-history';
import type { MessageRow } from '../queries/messages';
import type { CheckedEdit } from './checked-edit';

/** change_all of a topic edit reaches back this far, as in 2.1, so one edit never rewrites an unbounded topic. */
const CHANGE_ALL_WINDOW_SECONDS = 7 * 86400;

/** The topic's other messages a move takes along, per propagate_mode, locked. */
export async function propagatedIds(trx: Knex.Transaction, current: MessageRow, edit: CheckedEdit, now: Date): Promise<number[]> {
  if (edit.propagateMode !== 'change_later' && edit.propagateMode !== 'change_all') return [];
  const others = trx('messages').where({ recipient_id: current.recipient_id }).whereNot('id', current.id);
  // A move to another stream matches the topic case-insensitively, as Zulip does today (and as its
  // time limit counted); a topic edit keeps 2.1's exact match.
  if (edit.streamEdit) others.whereRaw('lower(subject) = lower(?)', [current.subject]);
  else others.where({ subject: current.subject });
  if (edit.propagateMode === 'change_later') others.where('id', '>', current.id);
  // A move to another stream takes the whole topic, its time limit having been checked.
  else if (!edit.streamEdit) others.where('date_sent', '>=', new Date(now.getTime() - CHANGE_ALL_WINDOW_SECONDS * 1000));
  const rows: { id: number }[] = await others.forUpdate().select('id');
  return rows.map((r) => r.id);
}

/** The columns a move changes: the topic, the stream and its recipient. */
function movedColumns(edit: CheckedEdit): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (edit.topicEdit) columns.subject = edit.topicEdit.topic;
  if (edit.streamEdit) Object.assign(columns, { stream_id: edit.streamEdit.to.id, recipient_id: edit.streamEdit.to.recipient_id });
  return columns;
}

/** A move's history entry: the previous topic and the streams before and after. */
function moveEntry(current: MessageRow, edit: CheckedEdit, now: Date): EditHistoryEntry {
  const entry: EditHistoryEntry = { user_id: edit.user.id, timestamp: toSeconds(now) };
  if (edit.topicEdit) entry.prev_subject = current.subject;
  if (edit.streamEdit) Object.assign(entry, { prev_stream: edit.streamEdit.from.id, stream: edit.streamEdit.to.id });
  return entry;
}

/** Moves the other messages in one statement, prepending the move's entry to each one's history. */
export async function moveOthers(trx: Knex.Transaction, ids: number[], current: MessageRow, edit: CheckedEdit, now: Date): Promise<void> {
  if (ids.length === 0) return;
  const entry = JSON.stringify([moveEntry(current, edit, now)]);
  await trx('messages')
    .whereRaw(...anyOf('id', ids))
    .update({
      ...movedColumns(edit),
      last_edit_time: now,
      edit_history: trx.raw("?::jsonb || coalesce(edit_history, '[]'::jsonb)", [entry]),
    });
}

/** The edited message's new columns and the history entry recording what they were. */
export function messageUpdate(current: MessageRow, edit: CheckedEdit, now: Date): Record<string, unknown> {
  const entry = moveEntry(current, edit, now);
  const update: Record<string, unknown> = { last_edit_time: now, ...movedColumns(edit) };
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
  update.edit_history = JSON.stringify([entry, ...(parseEditHistory(current.edit_history) ?? [])]);
  return update;
}
