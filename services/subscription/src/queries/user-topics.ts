/** A user's topic visibility policies (Zulip's UserTopic), as stored in muted_topics. */
import { TOPIC_VISIBILITY, type Executor, type TopicVisibility } from '@chat/db';

export function isTopicVisibility(value: number): value is TopicVisibility {
  return (Object.values(TOPIC_VISIBILITY) as number[]).includes(value);
}

/** The policy the user has set for a topic (topics compare case-insensitively), or INHERIT. */
export async function currentPolicy(db: Executor, userId: number, streamId: number, topic: string): Promise<TopicVisibility> {
  const row: { visibility_policy: number } | undefined = await db('muted_topics')
    .where({ user_id: userId, stream_id: streamId })
    .whereRaw('lower(topic_name) = lower(?)', [topic])
    .first('visibility_policy');
  return row && isTopicVisibility(row.visibility_policy) ? row.visibility_policy : TOPIC_VISIBILITY.INHERIT;
}
