/**
 * What a move leaves to say, read inside its transaction: the delete_message events of those who
 * can no longer read the moved messages, and what Notification Bot's notices need (whether the
 * mover took the whole topic, as far as they can see, and whether the new topic had messages).
 */
import type { Knex } from 'knex';
import { anyOf, getStreamById, noneOf, type StreamRow, type UserRow } from '@chat/db';
import type { UserEventNotice } from '@chat/events';
import { canAccessStreamHistory } from '../queries/access';
import type { MessageRow } from '../queries/messages';
import type { CheckedEdit } from './checked-edit';
import { deleteMessageNotices } from './delete-notices';

/** Where messages were or went: a stream's topic. */
export interface Thread {
  stream: StreamRow;
  topic: string;
}

export interface MoveOutcome {
  edit: CheckedEdit;
  /** The edited message, moved. */
  messageId: number;
  /** Every moved message. */
  messageIds: number[];
  from: Thread;
  to: Thread;
  /** No message the mover can read stayed in the old topic (change_all always counts as all). */
  movedAll: boolean;
  /** The new topic already had messages the mover can read. */
  joinedOthers: boolean;
}

/** The delete_message events of the users who lost access, as a deletion of the moved messages where they were. */
export async function movedAwayNotices(
  trx: Knex.Transaction,
  current: MessageRow,
  from: StreamRow,
  messageIds: number[],
  losingAccess: number[],
): Promise<UserEventNotice[]> {
  if (losingAccess.length === 0) return [];
  const senders: { id: number; sender_id: number; email: string }[] = await trx('messages as m')
    .join('users as u', 'u.id', 'm.sender_id')
    .whereRaw(...anyOf('m.id', messageIds))
    .select('m.id', 'm.sender_id', 'u.email');
  const deleted = senders.map((m) => ({ id: m.id, senderId: m.sender_id, senderEmail: m.email, holders: losingAccess }));
  return deleteMessageNotices(current.realm_id, deleted, { streamId: from.id, topic: current.subject }, undefined);
}

/** Whether the thread has a message, besides `except`, that `user` can read (bulk_access_stream_messages_query). */
async function hasVisibleMessages(trx: Knex.Transaction, user: UserRow, thread: Thread, except: number[]): Promise<boolean> {
  const query = trx('messages as m')
    .where('m.recipient_id', thread.stream.recipient_id)
    .whereRaw('lower(m.subject) = lower(?)', [thread.topic])
    .whereRaw(...noneOf('m.id', except));
  if (!(await canAccessStreamHistory(trx, user, thread.stream))) {
    query.join('user_messages as um', 'um.message_id', 'm.id').where('um.user_id', user.id);
  }
  return (await query.first('m.id')) !== undefined;
}

export async function moveOutcome(
  trx: Knex.Transaction,
  current: MessageRow,
  edit: CheckedEdit,
  messageIds: number[],
): Promise<MoveOutcome> {
  const stream = edit.streamEdit?.from ?? (await getStreamById(trx, edit.user.realm_id, current.stream_id!))!;
  const from = { stream, topic: current.subject };
  const to = { stream: edit.streamEdit?.to ?? stream, topic: edit.topicEdit?.topic ?? current.subject };
  const movedAll = edit.propagateMode === 'change_all' || !(await hasVisibleMessages(trx, edit.user, from, messageIds));
  const joinedOthers = await hasVisibleMessages(trx, edit.user, to, messageIds);
  return { edit, messageId: current.id, messageIds, from, to, movedAll, joinedOthers };
}
