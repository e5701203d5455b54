/**
 * The initial state as a client without the `empty_topic_name` capability reads it (feature level
 * 334): the topics of unread_msgs and of user_topics, and the muted_topics pairs 2.1 clients read,
 * carry the realm's display name instead of `""`. Parts not fetched are left alone.
 */
import { topicForClient } from '@chat/events';
import type { UnreadMsgs } from './unread';

interface UserTopic {
  topic_name: string;
}

const shown = (topic: string): string => topicForClient(topic, false);

/** Copies only the lists that name the empty topic; the others are left as they are. */
export function withEmptyTopicDisplayName(state: Record<string, unknown>): void {
  const unread = state.unread_msgs as UnreadMsgs | undefined;
  if (unread?.streams.some((s) => s.topic === '')) {
    state.unread_msgs = { ...unread, streams: unread.streams.map((s) => ({ ...s, topic: shown(s.topic) })) };
  }
  const userTopics = state.user_topics as UserTopic[] | undefined;
  if (userTopics?.some((t) => t.topic_name === '')) {
    state.user_topics = userTopics.map((t) => ({ ...t, topic_name: shown(t.topic_name) }));
  }
  const mutedTopics = state.muted_topics as [string, string, number][] | undefined;
  if (mutedTopics?.some(([, topic]) => topic === '')) {
    state.muted_topics = mutedTopics.map(([stream, topic, at]) => [stream, shown(topic), at]);
  }
}
