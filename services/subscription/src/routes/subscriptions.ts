import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SubscriptionDeps } from '../app';
import { addSubscriptions } from '../domain/add-subscriptions';
import { listSubscriptions } from '../domain/list-subscriptions';
import { removeSubscriptions } from '../domain/remove-subscriptions';
import { updateSubscriptionProperties } from '../domain/subscription-properties';
import { updateSubscriptions } from '../domain/update-subscriptions';

export function subscriptionEndpoints(deps: SubscriptionDeps) {
  return [
    implement(api.getSubscriptions, async ({ params, identity }) => ({
      subscriptions: await listSubscriptions(deps, identity.realmId, identity.userId, params.include_subscribers),
    })),
    implement(api.subscribe, ({ params, identity }) => addSubscriptions(deps, identity, params)),
    implement(api.unsubscribe, ({ params, identity }) => removeSubscriptions(deps, identity, params.subscriptions, params.principals)),
    implement(api.updateSubscriptions, ({ params, identity }) => updateSubscriptions(deps, identity, params)),
    implement(api.updateSubscriptionProperties, async ({ params, identity }) => ({
      subscription_data: await updateSubscriptionProperties(deps, identity, params.subscription_data),
    })),

  ];
}

/**
 * Zulip's update_subscriptions_property: one change, through the same code as the list. Bound
 * after /users/me/subscriptions/muted_topics, which its path would otherwise take.
 */
export function subscriptionPropertyEndpoints(deps: SubscriptionDeps) {
  return [
    implement(api.updateSubscriptionProperty, async ({ params: { stream_id, property, value }, identity }) => ({
      subscription_data: await updateSubscriptionProperties(deps, identity, [{ stream_id, property, value }]),
    })),
  ];
}
