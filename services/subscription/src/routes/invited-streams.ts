import { badRequest } from '@chat/errors';
import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import { doSubscribeInvitedUser } from '../actions/invited-streams';
import type { SubscriptionDeps } from '../deps';

export function invitedStreamEndpoints(deps: SubscriptionDeps) {
  return [
    implement(api.subscribeInvitedUser, async ({ params, identity }) => {
      if (identity.realmId === null) throw badRequest('Internal calls must name a realm');
      const result = await doSubscribeInvitedUser(deps.db, identity.realmId, params.user_id, params.stream_ids, deps.config.externalHost);
      return result;
    }),
  ];
}
