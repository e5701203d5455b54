/** POST /internal/follow-ups/subscription: a requester runs a held follow-up of this service at once. */
import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import { runHeldFollowUp } from '@chat/runtime';
import type { SubscriptionDeps } from '../deps';
import { subscriptionFollowUpHandlers } from '../follow-ups';

export function followUpEndpoints(deps: SubscriptionDeps) {
  const handlers = subscriptionFollowUpHandlers(deps);
  return [
    implement(api.runFollowUp, async ({ params }) => {
      await runHeldFollowUp(deps.db.knex, handlers, params.request_id);
      return {};
    }),
  ];
}
