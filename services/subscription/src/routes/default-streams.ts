import { badRequest } from '@chat/errors';
import { defineEndpoint, p } from '@chat/http';
import type { SubscriptionDeps } from '../app';
import { requireAdmin } from '../domain/access';
import { addDefaultStream, removeDefaultStream, subscribeToDefaultStreams } from '../domain/default-streams';

export function defaultStreamEndpoints(deps: SubscriptionDeps) {
  return [
    defineEndpoint({
      method: 'POST',
      path: '/default_streams',
      auth: 'user',
      params: { stream_name: p.string({ required: true }) },
      handler: async ({ params, identity }) => {
        requireAdmin(identity);
        await addDefaultStream(deps.db, identity, params.stream_name);
        deps.onCommit?.();
      },
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/default_streams',
      auth: 'user',
      params: { stream_name: p.string({ required: true }) },
      handler: async ({ params, identity }) => {
        requireAdmin(identity);
        await removeDefaultStream(deps.db, identity, params.stream_name);
        deps.onCommit?.();
      },
    }),
    /**
     * For the service that creates users (settings, POST /users): after the new user's
     * transaction commits, subscribe them to the realm's default streams, with the events.
     */
    defineEndpoint({
      method: 'POST',
      path: '/internal/subscriptions/defaults',
      auth: 'service',
      params: { user_id: p.int({ required: true }) },
      handler: async ({ params, identity }) => {
        if (identity.realmId === null) throw badRequest('Internal calls must name a realm');
        const result = await subscribeToDefaultStreams(deps.db, identity.realmId, params.user_id, deps.config.externalHost);
        deps.onCommit?.();
        return result;
      },
    }),
  ];
}
