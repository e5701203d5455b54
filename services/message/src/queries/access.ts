/**
 * Who may read what (Zulip's access_message and can_access_stream_history): a message is
 * readable by those who received it, and a stream message also by those who may read the
 * stream's history: anyone but guests for a public stream, subscribers for a private stream
 * whose history is public to subscribers. Other people's private messages never are. An archived
 * stream's messages stay readable by the same rules (level 360) but can no longer be changed.
 */
import { getStreamById, isSubscribed, type Executor, type StreamRow, type UserRow } from '@chat/db';
import { invalidMessage, invalidStreamId } from '@chat/contracts';
import { getMessageRow, type MessageRow } from './messages';

export async function canAccessStreamHistory(db: Executor, user: UserRow, stream: StreamRow): Promise<boolean> {
  if (!stream.invite_only && stream.history_public_to_subscribers && user.role !== 'guest') return true;
  if (!stream.history_public_to_subscribers) return false;
  return isSubscribed(db, user.id, stream.id);
}

export interface AccessedMessage {
  message: MessageRow;
  /** The caller's flag bits, or null when they never received it (history access). */
  flags: number | null;
}

export { invalidMessage, invalidStreamId };

/**
 * The stream if `user` may reach it (Zulip's access_stream_by_id): a public stream for anyone but
 * guests, any stream for its subscribers; otherwise "Invalid stream id", as for a missing one.
 */
export async function accessStreamById(db: Executor, user: UserRow, streamId: number): Promise<StreamRow> {
  const stream = await getStreamById(db, user.realm_id, streamId);
  const reachable =
    stream !== undefined && ((!stream.invite_only && user.role !== 'guest') || (await isSubscribed(db, user.id, stream.id)));
  if (!stream || !reachable) throw invalidStreamId();
  return stream;
}

/** The message if `user` may read it; otherwise "Invalid message(s)", as for a missing one. */
export async function accessMessage(db: Executor, user: UserRow, messageId: number, forUpdate = false): Promise<AccessedMessage> {
  const message = await getMessageRow(db, messageId, forUpdate);
  if (!message || message.realm_id !== user.realm_id) throw invalidMessage();
  const um: { flags: number } | undefined = await db('user_messages').where({ user_id: user.id, message_id: messageId }).first('flags');
  if (um) return { message, flags: um.flags };
  if (message.stream_id === null) throw invalidMessage();
  const stream = await getStreamById(db, user.realm_id, message.stream_id, { includeArchived: true });
  if (!stream || !(await canAccessStreamHistory(db, user, stream))) throw invalidMessage();
  return { message, flags: null };
}

/**
 * The message if `user` may read it and it may still change: one in an archived stream answers
 * "Invalid message(s)" (Zulip's access_message with is_modifying_message), for edits, deletions,
 * reactions and submessages alike.
 */
export async function accessMessageToChange(db: Executor, user: UserRow, messageId: number, forUpdate = false): Promise<AccessedMessage> {
  const accessed = await accessMessage(db, user, messageId, forUpdate);
  const streamId = accessed.message.stream_id;
  if (streamId !== null && !(await getStreamById(db, user.realm_id, streamId))) throw invalidMessage();
  return accessed;
}
