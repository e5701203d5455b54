/** The caller's message flags: POST /messages/flags and Zulip's mark-as-read shortcuts. */
import { defineEndpoint, p, intList, jsonInt } from '@chat/http';
import type { MessageDeps } from '../app';
import { loadSender } from '../domain/send-message';
import { doMarkAllAsRead, doMarkStreamAsRead, doUpdateMessageFlags } from '../domain/update-flags';
import { invalidStreamId } from '../domain/access';

/** A stream id as JSON; past the column's range, as a stream that does not exist. */
const jsonStreamId = p.custom(jsonInt, { required: true, rangeError: invalidStreamId });


export function flagEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  const caller = (identity: { realmId: number; userId: number }) => loadSender(db, identity.realmId, identity.userId);
  const done = () => {
    deps.onCommit?.();
  };
  return [
    defineEndpoint({
      method: 'POST',
      path: '/messages/flags',
      auth: 'user',
      params: {
        messages: p.custom(intList, { required: true }),
        op: p.string({ required: true }),
        flag: p.string({ required: true }),
      },
      handler: async ({ params, identity }) => {
        await doUpdateMessageFlags(db, await caller(identity), params.op, params.flag, params.messages);
        done();
        return { messages: params.messages };
      },
    }),
    defineEndpoint({
      method: 'POST',
      path: '/mark_all_as_read',
      auth: 'user',
      params: {},
      handler: async ({ identity }) => {
        await doMarkAllAsRead(db, await caller(identity));
        done();
        return {};
      },
    }),
    defineEndpoint({
      method: 'POST',
      path: '/mark_stream_as_read',
      auth: 'user',
      params: { stream_id: jsonStreamId },
      handler: async ({ params, identity }) => {
        await doMarkStreamAsRead(db, await caller(identity), params.stream_id, undefined);
        done();
        return {};
      },
    }),
    defineEndpoint({
      method: 'POST',
      path: '/mark_topic_as_read',
      auth: 'user',
      params: { stream_id: jsonStreamId, topic_name: p.string({ required: true }) },
      handler: async ({ params, identity }) => {
        await doMarkStreamAsRead(db, await caller(identity), params.stream_id, params.topic_name);
        done();
        return {};
      },
    }),
  ];
}
