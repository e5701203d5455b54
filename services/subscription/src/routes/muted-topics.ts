import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import { doUpdateMutedTopic } from '../actions/muted-topics';
import { doUpdateUserTopic } from '../actions/user-topics';
import type { SubscriptionDeps } from '../deps';

export function mutedTopicEndpoints(deps: SubscriptionDeps) {
  return [
    implement(api.updateMutedTopic, async ({ params, identity }) => {
      await doUpdateMutedTopic(deps, identity, params);
    }),
    implement(api.updateUserTopic, async ({ params, identity }) => {
      await doUpdateUserTopic(deps, identity, params);
    }),
  ];
}
