import { topicHistoryForStream, type Executor, type TopicSummary } from '@chat/db';
import type { Caller } from '../lib/caller';
import { accessStreamById } from './access';

/**
 * GET /users/me/{stream_id}/topics (Zulip's get_topics_backend): a stream whose history is not
 * public to subscribers shows only the topics of messages the caller received.
 */
export async function streamTopics(db: Executor, caller: Caller, streamId: number): Promise<{ topics: TopicSummary[] }> {
  const { stream } = await accessStreamById(db, caller, streamId, { includeArchived: true });
  const onlyReceived = stream.history_public_to_subscribers ? null : caller.userId;
  return { topics: await topicHistoryForStream(db, stream.recipient_id, onlyReceived) };
}
