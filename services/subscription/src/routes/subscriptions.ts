import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SubscriptionDeps } from '../app';
import { addSubscriptions } from '../domain/add-subscriptions';
import { listSubscriptions } from '../domain/list-subscriptions';
import { removeSubscriptions } from '../domain/remove-subscriptions';
import { updateSubscriptionProperties } from '../domain/subscription-properties';

export function subscriptionEndpoints(deps: SubscriptionDeps) {
  return [
    implement(api.getSubscriptions, async ({ params, identity }) => ({
      subscriptions: await listSubscriptions(deps, identity.realmId, identity.userId, params.include_subscribers),
    })),
    implement(api.subscribe, ({ params, identity }) => addSubscriptions(deps, identity, params)),
    implement(api.unsubscribe, ({ params, identity }) => removeSubscriptions(deps, identity, params.subscriptions, params.principals)),
    implement(api.updateSubscriptionProperties, async ({ params, identity }) => ({
      subscription_data: await updateSubscriptionProperties(deps, identity, params.subscription_data),
    })),
  ];
}
