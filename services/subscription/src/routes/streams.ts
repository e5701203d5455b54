import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import { doArchiveStream } from '../actions/archive-stream';
import { doUpdateStream } from '../actions/update-stream';
import type { SubscriptionDeps } from '../deps';
import { requireAdmin } from '../lib/caller';
import { streamDict } from '@chat/views';
import { accessStreamById, accessStreamByName } from '../queries/access';
import { getStreams } from '../queries/get-streams';
import { streamTopics } from '../queries/stream-topics';

export function streamEndpoints(deps: SubscriptionDeps) {
  const db = deps.db.knex;
  return [
    implement(api.getStreams, async ({ params, identity }) => ({ streams: await getStreams(db, identity, params) })),
    implement(api.getStreamId, async ({ params, identity }) => ({
      stream_id: (await accessStreamByName(db, identity, params.stream, { includeArchived: true })).stream.id,
    })),
    implement(api.getStream, async ({ params, identity }) => ({
      stream: streamDict((await accessStreamById(db, identity, params.stream_id, { allowAdmin: true, includeArchived: true })).stream),
    })),
    implement(api.getStreamTopics, ({ params, identity }) =>
      streamTopics(db, identity, { streamId: params.stream_id, allowEmptyTopicName: params.allow_empty_topic_name }),
    ),
    implement(api.updateStream, async ({ params, identity }) => {
      requireAdmin(identity);
      const { stream_id: streamId, ...update } = params;
      await doUpdateStream(deps, identity, streamId, update);
    }),
    implement(api.deleteStream, async ({ params, identity }) => {
      requireAdmin(identity);
      await doArchiveStream(deps, identity, params.stream_id);
    }),
  ];
}
