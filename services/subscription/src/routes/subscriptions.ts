import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import { doAddSubscriptions } from '../actions/add-subscriptions';
import { doRemoveSubscriptions } from '../actions/remove-subscriptions';
import { doUpdateSubscriptionProperties } from '../actions/subscription-properties';
import { doUpdateSubscriptions } from '../actions/update-subscriptions';
import type { SubscriptionDeps } from '../deps';
import { listSubscriptions } from '../queries/list-subscriptions';

export function subscriptionEndpoints(deps: SubscriptionDeps) {
  return [
    implement(api.getSubscriptions, async ({ params, identity }) => ({
      subscriptions: await listSubscriptions(deps, identity.realmId, identity.userId, params.include_subscribers),
    })),
    implement(api.subscribe, ({ params, identity }) => doAddSubscriptions(deps, identity, params)),
    implement(api.unsubscribe, ({ params, identity }) => doRemoveSubscriptions(deps, identity, params.subscriptions, params.principals)),
    implement(api.updateSubscriptions, ({ params, identity }) => doUpdateSubscriptions(deps, identity, params)),
    implement(api.updateSubscriptionProperties, async ({ params, identity }) => ({
      subscription_data: await doUpdateSubscriptionProperties(deps, identity, params.subscription_data),
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
      subscription_data: await doUpdateSubscriptionProperties(deps, identity, [{ stream_id, property, value }]),
    })),
  ];
}
