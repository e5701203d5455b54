/** Endpoints on one message: raw content, edit, delete, edit history. */
import { ApiError, notFound } from '@chat/errors';
import { invalidMessage, invalidStreamId } from '../domain/access';
import { defineEndpoint, p } from '@chat/http';
import type { MessageDeps } from '../app';
import { doDeleteMessage } from '../domain/delete-message';
import { doUpdateMessage, getMessageHistory, getRawMessage } from '../domain/edit-message';
import { loadSender, nulInContent } from '../domain/send-message';

/**
 * A row id in a path. Zulip's URL patterns accept only digits there; anything else is not a route
 * (404). An id past the column's range names no row: the endpoint's own `noSuchRow` error.
 */
export function pathIdParam(noSuchRow: () => ApiError) {
  return p.custom(
    (raw) => {
      if (!/^\d+$/.test(raw)) throw notFound();
      return Number(raw);
    },
    { required: true, rangeError: noSuchRow },
  );
}

export const messageIdParam = pathIdParam(invalidMessage);
/** A stream id in a path; past the column's range, as a stream that does not exist. */
export const streamIdParam = pathIdParam(invalidStreamId);

export function messageOpEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  const caller = (identity: { realmId: number; userId: number }) => loadSender(db, identity.realmId, identity.userId);
  return [
    defineEndpoint({
      method: 'GET',
      path: '/messages/:message_id',
      auth: 'user',
      params: { message_id: messageIdParam },
      handler: async ({ params, identity }) => getRawMessage(db, await caller(identity), params.message_id),
    }),
    defineEndpoint({
      method: 'PATCH',
      path: '/messages/:message_id',
      auth: 'user',
      params: {
        message_id: messageIdParam,
        topic: p.string({ aliases: ['subject'] }),
        // Not validated, as in Zulip: only change_later and change_all propagate.
        propagate_mode: p.string({ default: 'change_one' }),
        content: p.string({ nulError: nulInContent }),
      },
      handler: async ({ params, identity }) => {
        await doUpdateMessage(db, deps.renderer, await caller(identity), {
          messageId: params.message_id,
          topic: params.topic,
          content: params.content,
          propagateMode: params.propagate_mode,
        });
        deps.onCommit?.();
        return {};
      },
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/messages/:message_id',
      auth: 'user',
      params: { message_id: messageIdParam },
      handler: async ({ params, identity }) => {
        await doDeleteMessage(db, await caller(identity), params.message_id);
        deps.onCommit?.();
        return {};
      },
    }),
    defineEndpoint({
      method: 'GET',
      path: '/messages/:message_id/history',
      auth: 'user',
      params: { message_id: messageIdParam },
      handler: async ({ params, identity }) => ({
        message_history: await getMessageHistory(db, await caller(identity), params.message_id),
      }),
    }),
  ];
}
