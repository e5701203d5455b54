/** Streams through the server: subscribing, leaving, a subscription's settings, topics and muting. */
import { subscriptionEndpoints } from '@chat/contracts';
import { api } from '../../api';
import { app } from '../../store';
import { streamsFrom, topicPolicyFor, topicsFrom, type BrowsedStream } from './sidebar-model';

export async function subscribe(name: string, options: { description?: string; invite_only?: boolean } = {}): Promise<void> {
  await api(subscriptionEndpoints.subscribe, {
    subscriptions: JSON.stringify([{ name, description: options.description ?? '' }]),
    invite_only: options.invite_only ?? false,
  });
}

export async function unsubscribe(name: string): Promise<void> {
  await api(subscriptionEndpoints.unsubscribe, { subscriptions: JSON.stringify([name]) });
}

export async function setSubscriptionProperty(streamId: number, property: string, value: boolean | string): Promise<void> {
  await api(subscriptionEndpoints.updateSubscriptionProperties, {
    subscription_data: JSON.stringify([{ stream_id: streamId, property, value }]),
  });
}

export async function setTopicMuted(streamId: number, topic: string, muted: boolean): Promise<void> {
  const policy = topicPolicyFor(muted, app.get().subs[streamId]?.is_muted === true);
  await api(subscriptionEndpoints.updateUserTopic, { stream_id: streamId, topic, visibility_policy: policy });
}

export async function streamTopics(streamId: number): Promise<{ name: string; max_id: number }[]> {
  const answer = await api(subscriptionEndpoints.getStreamTopics, { stream_id: streamId });
  return topicsFrom(answer.topics);
}

export async function allStreams(): Promise<BrowsedStream[]> {
  const answer = await api(subscriptionEndpoints.getStreams, {});
  return streamsFrom(answer.streams);
}
