import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import { doAddDefaultStream, doRemoveDefaultStream } from '../actions/default-streams';
import type { SubscriptionDeps } from '../deps';
import { requireAdmin } from '../lib/caller';

export function defaultStreamEndpoints(deps: SubscriptionDeps) {
  return [
    implement(api.addDefaultStream, async ({ params, identity }) => {
      requireAdmin(identity);
      await doAddDefaultStream(deps.db, identity, params.stream_name);
    }),
    implement(api.removeDefaultStream, async ({ params, identity }) => {
      requireAdmin(identity);
      await doRemoveDefaultStream(deps.db, identity, params.stream_name);
    }),
  ];
}
