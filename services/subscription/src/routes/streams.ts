import { topicHistoryForStream } from '@chat/db';
import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SubscriptionDeps } from '../app';
import { accessStreamById, accessStreamByName, requireAdmin } from '../domain/access';
import { deactivateStreamRequest } from '../domain/deactivate-stream-request';
import { getStreams } from '../domain/get-streams';
import { updateStream } from '../domain/update-stream';

export function streamEndpoints(deps: SubscriptionDeps) {
  const db = deps.db.knex;
  return [
    implement(api.getStreams, async ({ params, identity }) => ({ streams: await getStreams(db, identity, params) })),
    implement(api.getStreamId, async ({ params, identity }) => ({
      stream_id: (await accessStreamByName(db, identity, params.stream)).stream.id,
    })),
    implement(api.getStreamTopics, async ({ params, identity }) => {
      const { stream } = await accessStreamById(db, identity, params.stream_id);
      const onlyReceived = stream.history_public_to_subscribers ? null : identity.userId;
      return { topics: await topicHistoryForStream(db, stream.recipient_id, onlyReceived) };
    }),
    implement(api.updateStream, async ({ params, identity }) => {
      requireAdmin(identity);
      const { stream_id: streamId, ...update } = params;
      await updateStream(deps, identity, streamId, update);
    }),
    implement(api.deleteStream, async ({ params, identity }) => {
      requireAdmin(identity);
      await deactivateStreamRequest(deps, identity, params.stream_id);
    }),
  ];
}
