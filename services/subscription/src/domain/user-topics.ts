/**
 * A user's topic visibility (Zulip's UserTopic): muted, unmuted in a muted stream, followed, or
 * nothing set. POST /user_topics sets any policy; the older PATCH
 * /users/me/subscriptions/muted_topics mutes and unmutes. A change that changes nothing sends no
 * event; one that does sends the user_topic event and, for clients that only know muting, the
 * whole muted-topics list.
 */
import { badRequest } from '@chat/errors';
import { getStreamById, mutedTopicTriples, TOPIC_VISIBILITY, writeNotices, type Executor, type StreamRow, type TopicVisibility } from '@chat/db';
import { userEventNotice, type EventOf } from '@chat/events';
import type { SubscriptionDeps } from '../app';
import { accessStreamById, type Caller } from './access';

function isTopicVisibility(value: number): value is TopicVisibility {
  return (Object.values(TOPIC_VISIBILITY) as number[]).includes(value);
}

/** The user's muted topics as [stream name, topic] pairs, oldest first (Zulip's get_topic_mutes). */

/** The policy the user has set for a topic (topics compare case-insensitively), or INHERIT. */
export async function currentPolicy(db: Executor, userId: number, streamId: number, topic: string): Promise<TopicVisibility> {
  const row: { visibility_policy: number } | undefined = await db('muted_topics')
    .where({ user_id: userId, stream_id: streamId })
    .whereRaw('lower(topic_name) = lower(?)', [topic])
    .first('visibility_policy');
  return row && isTopicVisibility(row.visibility_policy) ? row.visibility_policy : TOPIC_VISIBILITY.INHERIT;
}

/** The row keeps the topic's first spelling; the policy and its time are replaced. */
const UPSERT_POLICY = `INSERT INTO muted_topics (user_id, stream_id, topic_name, visibility_policy, date_muted) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (user_id, stream_id, lower(topic_name)) DO UPDATE SET visibility_policy = EXCLUDED.visibility_policy, date_muted = EXCLUDED.date_muted`;

/**
 * Stores the policy inside `trx` and writes its events; nothing when it is already the policy.
 * The unique index (user, stream, lower(topic)) keeps one row per topic, even under a race.
 */
export async function setTopicVisibility(trx: Executor, caller: Caller, stream: StreamRow, topic: string, policy: TopicVisibility): Promise<void> {
  if ((await currentPolicy(trx, caller.userId, stream.id, topic)) === policy) return;
  const now = new Date();
  const sameTopic = () => trx('muted_topics').where({ user_id: caller.userId, stream_id: stream.id }).whereRaw('lower(topic_name) = lower(?)', [topic]);
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
  await writeNotices(trx, [userEventNotice(caller.realmId, mutedTopics, [caller.userId]), userEventNotice(caller.realmId, userTopic, [caller.userId])]);
}

export interface UserTopicRequest {
  stream_id: number;
  topic: string;
  visibility_policy: number;
}

/**
 * POST /user_topics (Zulip's update_user_topic): setting a policy needs access to the stream;
 * clearing one only needs the stream to exist (one may clear it after losing access).
 */
export async function updateUserTopic(deps: SubscriptionDeps, caller: Caller, request: UserTopicRequest): Promise<void> {
  const policy = request.visibility_policy;
  if (!isTopicVisibility(policy)) throw badRequest('Invalid visibility_policy');
  await deps.db.knex.transaction(async (trx) => {
    const stream =
      policy === TOPIC_VISIBILITY.INHERIT ? await getStreamById(trx, caller.realmId, request.stream_id) : (await accessStreamById(trx, caller, request.stream_id)).stream;
    if (!stream) throw badRequest('Invalid stream id');
    await setTopicVisibility(trx, caller, stream, request.topic, policy);
  });
  deps.onCommit?.();
}
