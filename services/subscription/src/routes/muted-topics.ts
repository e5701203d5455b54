import { defineEndpoint, p } from '@chat/http';
import type { SubscriptionDeps } from '../app';
import { updateMutedTopic } from '../domain/muted-topics';

export function mutedTopicEndpoints(deps: SubscriptionDeps) {
  return [
    defineEndpoint({
      method: 'PATCH',
      path: '/users/me/subscriptions/muted_topics',
      auth: 'user',
      params: {
        stream: p.string(),
        stream_id: p.int(),
        topic: p.string({ required: true }),
        op: p.string({ required: true }),
      },
      handler: async ({ params, identity }) => {
        await updateMutedTopic(deps, identity, params);
      },
    }),
  ];
}
