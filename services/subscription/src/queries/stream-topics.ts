import { topicHistoryForStream, type Executor, type TopicSummary } from '@chat/db';
import { topicForClient } from '@chat/events';
import type { Caller } from '../lib/caller';
import { accessStreamById } from './access';

/**
 * GET /users/me/{stream_id}/topics (Zulip's get_topics_backend): a stream whose history is not
 * public to subscribers shows only the topics of messages the caller received. The empty topic
 * reads as `""` only with allow_empty_topic_name (feature level 334), else as its display name.
 */
export async function streamTopics(
  db: Executor,
  caller: Caller,
  request: { streamId: number; allowEmptyTopicName: boolean },
): Promise<{ topics: TopicSummary[] }> {
  const { stream } = await accessStreamById(db, caller, request.streamId, { includeArchived: true });
  const onlyReceived = stream.history_public_to_subscribers ? null : caller.userId;
  const topics = await topicHistoryForStream(db, stream.recipient_id, onlyReceived);
  if (request.allowEmptyTopicName) return { topics };
  return { topics: topics.map((topic) => ({ ...topic, name: topicForClient(topic.name, false) })) };
}
