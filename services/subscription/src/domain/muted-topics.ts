/**
 * PATCH /users/me/subscriptions/muted_topics (Zulip's update_muted_topic). Muting needs access to
 * the stream; unmuting only needs the stream to exist (one may unmute after losing access), and
 * both send the user's whole muted-topics list as `muted_topics`.
 */
import { badRequest, plainError } from '@chat/errors';
import { getStreamById, getStreamByName, writeNotices, type Executor, type StreamRow } from '@chat/db';
import { userEventNoticeIfAnyRecipient, type EventOf } from '@chat/events';
import type { SubscriptionDeps } from '../app';
import { accessStreamById, accessStreamByName, type Caller } from './access';

export interface MuteRequest {
  stream?: string;
  stream_id?: number;
  topic: string;
  op: string;
}

/** The user's muted topics as [stream name, topic] pairs, oldest first (Zulip's get_topic_mutes). */
export async function mutedTopicPairs(db: Executor, userId: number): Promise<[string, string][]> {
  const rows: { name: string; topic_name: string }[] = await db('muted_topics as m')
    .join('streams as s', 's.id', 'm.stream_id')
    .where({ 'm.user_id': userId, 's.deactivated': false })
    .orderBy('m.id')
    .select('s.name', 'm.topic_name');
  return rows.map((r) => [r.name, r.topic_name]);
}

async function streamForUnmute(db: Executor, caller: Caller, request: MuteRequest): Promise<StreamRow> {
  const stream =
    request.stream !== undefined
      ? await getStreamByName(db, caller.realmId, request.stream)
      : await getStreamById(db, caller.realmId, request.stream_id!);
  if (!stream) throw plainError('Topic is not muted');
  return stream;
}

export async function updateMutedTopic(deps: SubscriptionDeps, caller: Caller, request: MuteRequest): Promise<void> {
  if (request.stream !== undefined && request.stream_id !== undefined) {
    throw plainError("Please choose one: 'stream' or 'stream_id'.");
  }
  if (request.stream === undefined && request.stream_id === undefined) {
    throw plainError("Please choose one: 'stream' or 'stream_id'.");
  }
  if (request.op !== 'add' && request.op !== 'remove') throw badRequest('Invalid op');

  await deps.db.knex.transaction(async (trx) => {
    if (request.op === 'add') {
      const { stream } =
        request.stream !== undefined
          ? await accessStreamByName(trx, caller, request.stream)
          : await accessStreamById(trx, caller, request.stream_id!);
      // The unique index (user, stream, lower(topic)) decides "already muted", even under a race.
      const inserted = await trx('muted_topics')
        .insert({ user_id: caller.userId, stream_id: stream.id, topic_name: request.topic })
        .onConflict()
        .ignore()
        .returning('id');
      if (inserted.length === 0) throw plainError('Topic already muted');
    } else {
      const stream = await streamForUnmute(trx, caller, request);
      const removed = await trx('muted_topics')
        .where({ user_id: caller.userId, stream_id: stream.id })
        .whereRaw('lower(topic_name) = lower(?)', [request.topic])
        .del()
        .returning('id');
      if (removed.length === 0) throw plainError('Topic is not muted');
    }
    const event: EventOf<'muted_topics'> = { type: 'muted_topics', muted_topics: await mutedTopicPairs(trx, caller.userId) };
    await writeNotices(trx, userEventNoticeIfAnyRecipient(caller.realmId, event, [caller.userId]));
  });
  deps.onCommit?.();
}
