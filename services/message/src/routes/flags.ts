/** The caller's message flags: POST /messages/flags and Zulip's mark-as-read shortcuts. */
import { badRequest } from '@chat/errors';
import { defineEndpoint, p } from '@chat/http';
import type { MessageDeps } from '../app';
import { loadSender } from '../domain/send-message';
import { doMarkAllAsRead, doMarkStreamAsRead, doUpdateMessageFlags } from '../domain/update-flags';

/** Zulip's check_list(check_int) messages, word for word. */
function intList(raw: string, name: string): number[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`Argument "${name}" is not valid JSON.`);
  }
  if (!Array.isArray(value)) throw badRequest(`${name} is not a list`);
  value.forEach((item, i) => {
    if (!Number.isInteger(item)) throw badRequest(`${name}[${i}] is not an integer`);
  });
  return value as number[];
}

function jsonInt(raw: string, name: string): number {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`Argument "${name}" is not valid JSON.`);
  }
  if (!Number.isInteger(value)) throw badRequest(`${name} is not an integer`);
  return value as number;
}

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
      params: { stream_id: p.custom(jsonInt, { required: true }) },
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
      params: { stream_id: p.custom(jsonInt, { required: true }), topic_name: p.string({ required: true }) },
      handler: async ({ params, identity }) => {
        await doMarkStreamAsRead(db, await caller(identity), params.stream_id, params.topic_name);
        done();
        return {};
      },
    }),
  ];
}
