import { topicHistoryForStream } from '@chat/db';
import { defineEndpoint, p, checkCappedString, jsonOrPlainString } from '@chat/http';
import type { SubscriptionDeps } from '../app';
import { accessStreamById, accessStreamByName, requireAdmin } from '../domain/access';
import { deactivateStreamRequest } from '../domain/deactivate-stream-request';
import { getStreams } from '../domain/get-streams';
import { MAX_DESCRIPTION_LENGTH } from '../domain/stream-names';
import { updateStream } from '../domain/update-stream';
import { badRequest } from '@chat/errors';

/** A stream id in a path; past the id column's range no stream exists, as for an unknown id. */
export const streamIdParam = p.int({ required: true, schema: { minimum: 0 }, rangeError: () => badRequest('Invalid stream id') });

function description(raw: string, name: string): string {
  const value = jsonOrPlainString(raw);
  const error = checkCappedString(MAX_DESCRIPTION_LENGTH)(name, value);
  if (error) throw badRequest(error);
  return value;
}

export function streamEndpoints(deps: SubscriptionDeps) {
  const db = deps.db.knex;
  return [
    defineEndpoint({
      method: 'GET',
      path: '/streams',
      auth: 'user',
      params: {
        include_public: p.bool({ default: true }),
        include_subscribed: p.bool({ default: true }),
        include_all_active: p.bool({ default: false }),
        include_default: p.bool({ default: false }),
        include_owner_subscribed: p.bool({ default: false }),
      },
      handler: async ({ params, identity }) => ({ streams: await getStreams(db, identity, params) }),
    }),
    defineEndpoint({
      method: 'GET',
      path: '/get_stream_id',
      auth: 'user',
      params: { stream: p.string({ required: true }) },
      handler: async ({ params, identity }) => ({ stream_id: (await accessStreamByName(db, identity, params.stream)).stream.id }),
    }),
    defineEndpoint({
      method: 'GET',
      path: '/users/me/:stream_id/topics',
      auth: 'user',
      params: { stream_id: streamIdParam },
      handler: async ({ params, identity }) => {
        const { stream } = await accessStreamById(db, identity, params.stream_id);
        const onlyReceived = stream.history_public_to_subscribers ? null : identity.userId;
        return { topics: await topicHistoryForStream(db, stream.recipient_id, onlyReceived) };
      },
    }),
    defineEndpoint({
      method: 'PATCH',
      path: '/streams/:stream_id',
      auth: 'user',
      params: {
        stream_id: streamIdParam,
        description: p.custom(description),
        new_name: p.custom((raw) => jsonOrPlainString(raw)),
        // Zulip's parameter is is_private; invite_only is the stream field it sets.
        is_private: p.bool({ aliases: ['invite_only'] }),
        is_announcement_only: p.bool(),
        history_public_to_subscribers: p.bool(),
      },
      handler: async ({ params, identity }) => {
        requireAdmin(identity);
        const { stream_id: streamId, ...update } = params;
        await updateStream(deps, identity, streamId, update);
      },
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/streams/:stream_id',
      auth: 'user',
      params: { stream_id: streamIdParam },
      handler: async ({ params, identity }) => {
        requireAdmin(identity);
        await deactivateStreamRequest(deps, identity, params.stream_id);
      },
    }),
  ];
}
