/**
 * A user's topic visibility (Zulip's UserTopic): muted, unmuted in a muted stream, followed, or
 * nothing set. POST /user_topics sets any policy; the older PATCH
 * /users/me/subscriptions/muted_topics mutes and unmutes. A change that changes nothing sends no
 * event; one that does sends the user_topic event and, for clients that only know muting, the
 * whole muted-topics list.
 */
import { badRequest } from '@chat/errors';
import {
  getStreamById,
  mutedTopicTriples,
  TOPIC_VISIBILITY,
  writeNotices,
  type Executor,
  type StreamRow,
  type TopicVisibility,
} from '@chat/db';
import { displayNameResolved, userEventNotice, type EventOf } from '@chat/events';
import type { SubscriptionDeps } from '../deps';
import type { Caller } from '../lib/caller';
import { accessStreamById } from '../queries/access';
import { currentPolicy, isTopicVisibility } from '../queries/user-topics';

/** The row keeps the topic's first spelling; the policy and its time are replaced. */
const UPSERT_POLICY = `INSERT INTO muted_topics (user_id, stream_id, topic_name, visibility_policy, date_muted) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (user_id, stream_id, lower(topic_name)) DO UPDATE SET visibility_policy = EXCLUDED.visibility_policy, date_muted = EXCLUDED.date_muted`;

/**
 * Stores the policy inside `trx` and writes its events; nothing when it is already the policy.
 * The unique index (user, stream, lower(topic)) keeps one row per topic, even under a race.
 */
export async function doSetTopicVisibility(
  trx: Executor,
  caller: Caller,
  stream: StreamRow,
  topic: string,
  policy: TopicVisibility,
): Promise<void> {
  if ((await currentPolicy(trx, caller.userId, stream.id, topic)) === policy) return;
  const now = new Date();
  const sameTopic = () =>
    trx('muted_topics').where({ user_id: caller.userId, stream_id: stream.id }).whereRaw('lower(topic_name) = lower(?)', [topic]);
  if (policy === TOPIC_VISIBILITY.INHERIT) {
    await sameTopic().del();
  } else {
    await trx.raw(UPSERT_POLICY, [caller.userId, stream.id, topic, policy, now]);
  }
  const userTopic: EventOf<'user_topic'> = {
    type: 'user_topic',
    stream_id: stream.id,
    topic_name: topic,
    last_updated: Math.floor(now.getTime() / 1000),
    visibility_policy: policy,
  };
  const mutedTopics: EventOf<'muted_topics'> = { type: 'muted_topics', muted_topics: await mutedTopicTriples(trx, caller.userId) };
  await writeNotices(trx, [
    userEventNotice(caller.realmId, mutedTopics, [caller.userId]),
    userEventNotice(caller.realmId, userTopic, [caller.userId]),
  ]);
}

export interface UserTopicRequest {
  stream_id: number;
  topic: string;
  visibility_policy: number;
}

/**
 * Setting a policy needs access to the stream; clearing one only needs the stream to exist (one
 * may clear it after losing access).
 */
async function checkUserTopicStream(trx: Executor, caller: Caller, streamId: number, policy: TopicVisibility): Promise<StreamRow> {
  const stream =
    policy === TOPIC_VISIBILITY.INHERIT
      ? await getStreamById(trx, caller.realmId, streamId)
      : (await accessStreamById(trx, caller, streamId)).stream;
  if (!stream) throw badRequest('Invalid stream id');
  return stream;
}

/** POST /user_topics (Zulip's update_user_topic). */
export async function doUpdateUserTopic(deps: SubscriptionDeps, caller: Caller, request: UserTopicRequest): Promise<void> {
  const policy = request.visibility_policy;
  if (!isTopicVisibility(policy)) throw badRequest('Invalid visibility_policy');
  await deps.db.knex.transaction(async (trx) => {
    const stream = await checkUserTopicStream(trx, caller, request.stream_id, policy);
    // The display name is how a client without the empty_topic_name capability names "".
    await doSetTopicVisibility(trx, caller, stream, displayNameResolved(request.topic), policy);
  });
}
