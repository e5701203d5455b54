import { badRequest } from '@chat/errors';
import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SubscriptionDeps } from '../app';
import { requireAdmin } from '../domain/access';
import { addDefaultStream, removeDefaultStream, subscribeToDefaultStreams } from '../domain/default-streams';

export function defaultStreamEndpoints(deps: SubscriptionDeps) {
  return [
    implement(api.addDefaultStream, async ({ params, identity }) => {
      requireAdmin(identity);
      await addDefaultStream(deps.db, identity, params.stream_name);
      deps.onCommit?.();
    }),
    implement(api.removeDefaultStream, async ({ params, identity }) => {
      requireAdmin(identity);
      await removeDefaultStream(deps.db, identity, params.stream_name);
      deps.onCommit?.();
    }),
    implement(api.subscribeToDefaultStreams, async ({ params, identity }) => {
      if (identity.realmId === null) throw badRequest('Internal calls must name a realm');
      const result = await subscribeToDefaultStreams(deps.db, identity.realmId, params.user_id, deps.config.externalHost);
      deps.onCommit?.();
      return result;
    }),
  ];
}
