import { defineEndpoint, p } from '@chat/http';
import type { SubscriptionDeps } from '../app';
import { listSubscriptions } from '../domain/list-subscriptions';

export function subscriptionEndpoints(deps: SubscriptionDeps) {
  return [
    defineEndpoint({
      method: 'GET',
      path: '/users/me/subscriptions',
      auth: 'user',
      params: { include_subscribers: p.bool({ default: false }) },
      handler: async ({ params, identity }) => ({
        subscriptions: await listSubscriptions(deps, identity.userId, params.include_subscribers),
      }),
    }),
  ];
}
