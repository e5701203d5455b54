import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SubscriptionDeps } from '../deps';
import { streamMembers } from '../queries/stream-members';

export function memberEndpoints(deps: SubscriptionDeps) {
  return [implement(api.getStreamMembers, ({ params, identity }) => streamMembers(deps.db.knex, identity, params.stream_id))];
}
