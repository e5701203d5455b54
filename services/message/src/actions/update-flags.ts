/**
 * Changing the caller's own flags (Zulip's do_update_message_flags, do_mark_all_as_read,
 * do_mark_stream_messages_as_read). Each emits update_message_flags to the caller only.
 */
import type { Knex } from 'knex';
import { anyOf, writeNotices, type StreamRow, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice, type EventOf, type UserEventNotice } from '@chat/events';
import { checkEditableFlag, FLAG_BITS, type EditableFlag } from '../lib/flags';
import { requestNotificationRemovals } from '../notifications/removals';
import { accessMessage, accessStreamById } from '../queries/access';
import { messageDetails, type MessageDetails } from '../queries/flag-details';
import { countOwnRows, receivedInTopic, unreadIdsIn } from '../queries/user-messages';

type FlagOperation = EventOf<'update_message_flags'>['operation'];

export function flagsNotice(
  user: UserRow,
  operation: FlagOperation,
  flag: EditableFlag,
  messages: number[],
  all: boolean,
  details?: MessageDetails,
): UserEventNotice {
  const event: EventOf<'update_message_flags'> = { type: 'update_message_flags', op: operation, operation, flag, messages, all };
  if (details) event.message_details = details;
  return userEventNotice(user.realm_id, event, [user.id]);
}

/** Marking unread says where each message is, so clients can count it without fetching it. */
export async function readDetailsIfUnread(
  trx: Knex.Transaction,
  user: UserRow,
  operation: FlagOperation,
  flag: EditableFlag,
  messages: number[],
): Promise<MessageDetails | undefined> {
  return operation === 'remove' && flag === 'read' ? messageDetails(trx, user.id, messages) : undefined;
}

/** Zulip asserts on a bad op (a 500); a client's bad value deserves a 400 that says what was wrong. */
export function checkFlagOperation(operation: string): FlagOperation {
  if (operation !== 'add' && operation !== 'remove') throw badRequest('Invalid message flags operation');
  return operation;
}

/** The flags column after adding or removing one flag bit, for an UPDATE of user_messages. */
export function changedFlags(trx: Knex.Transaction, operation: FlagOperation, bit: number): Knex.Raw {
  return operation === 'add' ? trx.raw('flags | ?::integer', [bit]) : trx.raw('flags & ~(?::integer)', [bit]);
}

export async function doUpdateMessageFlags(db: Knex, user: UserRow, rawOperation: string, flag: string, messages: number[]): Promise<void> {
  const { name: editableFlag, bit } = checkEditableFlag(flag);
  const operation = checkFlagOperation(rawOperation);
  await db.transaction(async (trx) => {
    if ((await countOwnRows(trx, user.id, messages)) === 0) {
      // Starring a message one may read but never received (a public stream's history) gives it
      // a historical, read row to hold the star.
      if (messages.length !== 1 || flag !== 'starred') throw badRequest('Invalid message(s)');
      await accessMessage(trx, user, messages[0]!);
      await trx('user_messages').insert({
        user_id: user.id,
        message_id: messages[0],
        flags: FLAG_BITS.historical! | FLAG_BITS.read!,
      });
    }
    await trx('user_messages')
      .where('user_id', user.id)
      .whereRaw(...anyOf('message_id', messages))
      .update({ flags: changedFlags(trx, operation, bit) });
    if (editableFlag === 'read' && operation === 'add') await requestNotificationRemovals(trx, user, messages);
    const details = await readDetailsIfUnread(trx, user, operation, editableFlag, messages);
    await writeNotices(trx, [flagsNotice(user, operation, editableFlag, messages, false, details)]);
  });
}

export async function doMarkAllAsRead(db: Knex, user: UserRow): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('user_messages')
      .where('user_id', user.id)
      .whereRaw('(flags & 1) = 0')
      .update({ flags: trx.raw('flags | 1') });
    await requestNotificationRemovals(trx, user);
    await writeNotices(trx, [flagsNotice(user, 'add', 'read', [], true)]);
  });
}

/**
 * mark_stream_as_read / mark_topic_as_read: the stream must be one the caller may reach, and a
 * topic one they received messages in.
 */
export async function checkMarkStreamAsRead(db: Knex, user: UserRow, streamId: number, topic: string | undefined): Promise<StreamRow> {
  const stream = await accessStreamById(db, user, streamId);
  if (topic !== undefined && !(await receivedInTopic(db, user.id, stream.recipient_id, topic)))
    throw badRequest(`No such topic '${topic}'`);
  return stream;
}

/** The caller's unread messages in the stream (or its topic) become read. */
export async function doMarkStreamAsRead(db: Knex, user: UserRow, stream: StreamRow, topic: string | undefined): Promise<void> {
  await db.transaction(async (trx) => {
    const ids = await unreadIdsIn(trx, user.id, stream.recipient_id, topic);
    if (ids.length > 0) {
      await trx('user_messages')
        .where('user_id', user.id)
        .whereRaw(...anyOf('message_id', ids))
        .update({ flags: trx.raw('flags | 1') });
      await requestNotificationRemovals(trx, user, ids);
    }
    await writeNotices(trx, [flagsNotice(user, 'add', 'read', ids, false)]);
  });
}
