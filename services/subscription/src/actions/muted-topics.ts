/**
 * PATCH /users/me/subscriptions/muted_topics (Zulip's update_muted_topic), the older form of
 * POST /user_topics that only mutes and unmutes. Muting needs access to the stream; unmuting only
 * needs the stream to exist (one may unmute after losing access).
 */
import { badRequest, plainError } from '@chat/errors';
import { getStreamById, getStreamByName, TOPIC_VISIBILITY, type Executor, type StreamRow } from '@chat/db';
import { displayNameResolved } from '@chat/events';
import type { SubscriptionDeps } from '../deps';
import type { Caller } from '../lib/caller';
import { accessStreamById, accessStreamByName } from '../queries/access';
import { currentPolicy } from '../queries/user-topics';
import { doSetTopicVisibility } from './user-topics';

export interface MuteRequest {
  stream?: string;
  stream_id?: number;
  topic: string;
  op: string;
}

/** The request names its stream one way and asks for `add` or `remove`. */
export function checkMuteRequest(request: MuteRequest): void {
  if (request.stream !== undefined && request.stream_id !== undefined) {
    throw plainError("Please choose one: 'stream' or 'stream_id'.");
  }
  if (request.stream === undefined && request.stream_id === undefined) {
    throw plainError("Please choose one: 'stream' or 'stream_id'.");
  }
  if (request.op !== 'add' && request.op !== 'remove') throw badRequest('Invalid op');
}

async function streamForMute(db: Executor, caller: Caller, request: MuteRequest): Promise<StreamRow> {
  const { stream } =
    request.stream !== undefined
      ? await accessStreamByName(db, caller, request.stream)
      : await accessStreamById(db, caller, request.stream_id!);
  return stream;
}

async function streamForUnmute(db: Executor, caller: Caller, request: MuteRequest): Promise<StreamRow> {
  const stream =
    request.stream !== undefined
      ? await getStreamByName(db, caller.realmId, request.stream)
      : await getStreamById(db, caller.realmId, request.stream_id!);
  if (!stream) throw plainError('Topic is not muted');
  return stream;
}

export async function doUpdateMutedTopic(deps: SubscriptionDeps, caller: Caller, raw: MuteRequest): Promise<void> {
  checkMuteRequest(raw);
  // A 2.1 client names the empty topic by the display name it was shown.
  const request = { ...raw, topic: displayNameResolved(raw.topic) };
  await deps.db.knex.transaction(async (trx) => {
    if (request.op === 'add') {
      const stream = await streamForMute(trx, caller, request);
      if ((await currentPolicy(trx, caller.userId, stream.id, request.topic)) === TOPIC_VISIBILITY.MUTED)
        throw plainError('Topic already muted');
      await doSetTopicVisibility(trx, caller, stream, request.topic, TOPIC_VISIBILITY.MUTED);
    } else {
      const stream = await streamForUnmute(trx, caller, request);
      if ((await currentPolicy(trx, caller.userId, stream.id, request.topic)) !== TOPIC_VISIBILITY.MUTED)
        throw plainError('Topic is not muted');
      await doSetTopicVisibility(trx, caller, stream, request.topic, TOPIC_VISIBILITY.INHERIT);
    }
  });
}
