/**
 * The checks of a move to another stream (Zulip's check_update_message, stream branch): the
 * message is a stream message, its content stays, the mover may read the new stream and post
 * to it, the realm's policy and time limit allow it, and with change_all every message of the
 * topic is young enough for a mover bound by the limit.
 */
import type { Knex } from 'knex';
import { getStreamById, type StreamRow, type UserRow } from '@chat/db';
import { ApiError, badRequest } from '@chat/errors';
import { ageSeconds, checkMoveBetweenStreams, EDIT_LIMIT_BUFFER_SECONDS, isModeratorOrAbove } from '../lib/move-permissions';
import { accessStreamById, canAccessStreamHistory, invalidStreamId } from '../queries/access';
import type { MessageRow } from '../queries/messages';
import type { MessagePolicy } from '../queries/realm-policy';
import type { StreamEdit } from './checked-edit';
import { checkCanPost } from './send-message';

export interface MoveRequest {
  streamId: number;
  contentEdited: boolean;
  propagateMode: string;
}

/** The move, when `request.streamId` names another stream than the message's. */
export async function checkStreamMove(
  db: Knex,
  user: UserRow,
  message: MessageRow,
  request: MoveRequest,
  policy: MessagePolicy,
): Promise<StreamEdit> {
  if (message.stream_id === null) throw badRequest('Direct messages cannot be moved to channels.');
  if (request.contentEdited) throw badRequest('Cannot change message content while changing channel');
  const to = await accessStreamById(db, user, request.streamId);
  checkMoveBetweenStreams(user, message.date_sent, policy);
  await checkCanPost(db, user, to);
  // The caller read the message (accessMessage), so its stream is theirs to move out of.
  const from = await getStreamById(db, user.realm_id, message.stream_id);
  if (!from) throw invalidStreamId();
  if (request.propagateMode === 'change_all' && !isModeratorOrAbove(user)) {
    await checkChangeAllTimeLimit(db, user, message, from, policy.moveMessagesBetweenStreamsLimitSeconds);
  }
  return { from, to };
}

/**
 * Zulip's check_time_limit_for_change_all_propagate_mode: every message of the topic the mover can
 * read must be within the limit, or the error says how many of the most recent ones they may move.
 */
async function checkChangeAllTimeLimit(db: Knex, user: UserRow, message: MessageRow, stream: StreamRow, limit: number): Promise<void> {
  if (limit <= 0) return;
  const topic = db('messages as m')
    .where('m.recipient_id', message.recipient_id)
    .whereRaw('lower(m.subject) = lower(?)', [message.subject])
    .orderBy('m.id')
    .select('m.id', 'm.date_sent');
  if (!(await canAccessStreamHistory(db, user, stream))) {
    topic.join('user_messages as um', 'um.message_id', 'm.id').where('um.user_id', user.id);
  }
  const messages: { id: number; date_sent: Date }[] = await topic;
  const allowed = messages.filter((m) => ageSeconds(m.date_sent) <= limit + EDIT_LIMIT_BUFFER_SECONDS);
  if (allowed.length === messages.length) return;
  throw new ApiError(`You only have permission to move the ${allowed.length}/${messages.length} most recent messages in this topic.`, {
    code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    extra: {
      first_message_id_allowed_to_move: allowed[0]?.id ?? null,
      total_messages_in_topic: messages.length,
      total_messages_allowed_to_move: allowed.length,
    },
  });
}
