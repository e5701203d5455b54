import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SubscriptionDeps } from '../app';
import { updateMutedTopic } from '../domain/muted-topics';
import { updateUserTopic } from '../domain/user-topics';

export function mutedTopicEndpoints(deps: SubscriptionDeps) {
  return [
    implement(api.updateMutedTopic, async ({ params, identity }) => {
      await updateMutedTopic(deps, identity, params);
    }),
    implement(api.updateUserTopic, async ({ params, identity }) => {
      await updateUserTopic(deps, identity, params);
    }),
  ];
}
