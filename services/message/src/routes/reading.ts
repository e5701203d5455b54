/**
 * Zulip 2.1's reading helpers and topic deletion: POST /messages/render, GET
 * /messages/matches_narrow, POST /streams/{stream_id}/delete_topic (the messages are this
 * service's), and POST /typing (private conversations, resolved as sends resolve them).
 */
import { invalidArgument } from '@chat/errors';
import { defineEndpoint, p, intList } from '@chat/http';
import type { MessageDeps } from '../app';
import { extractRecipients } from '../domain/addressee';
import { doDeleteTopic } from '../domain/delete-topic';
import { parseNarrow } from '../domain/narrow';
import { matchesNarrow, renderPreview } from '../domain/reading';
import { loadSender, truncateContent } from '../domain/send-message';
import { doSendTyping } from '../domain/typing';
import { streamIdParam } from './message-ops';


/** Whether a decoded JSON value holds a NUL character anywhere (PostgreSQL text cannot). */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([k, v]) => hasNul(k) || hasNul(v));
  return false;
}

/** The narrow as sent and decoded; one holding NUL is refused before any query sees it. */
function jsonLoose(raw: string, name: string): { raw: string; value: unknown } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { raw, value: undefined };
  }
  if (hasNul(value)) throw invalidArgument(name, raw);
  return { raw, value };
}

export function readingEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  const caller = (identity: { realmId: number; userId: number }) => loadSender(db, identity.realmId, identity.userId);
  return [
    defineEndpoint({
      method: 'POST',
      path: '/messages/render',
      auth: 'user',
      // Capped as a sent message's content is (10000 bytes, then marked): a preview costs no more
      // to render than the message would, whatever the body limit lets through.
      params: { content: p.custom(truncateContent, { required: true, schema: { type: 'string' } }) },
      handler: async ({ params, identity }) => renderPreview(db, deps.renderer, await caller(identity), params.content),
    }),
    defineEndpoint({
      method: 'GET',
      path: '/messages/matches_narrow',
      auth: 'user',
      params: {
        msg_ids: p.custom(intList, { required: true }),
        narrow: p.custom(jsonLoose, { required: true }),
      },
      handler: async ({ params, identity }) =>
        matchesNarrow(db, await caller(identity), params.msg_ids, parseNarrow(params.narrow.value, params.narrow.raw)),
    }),
    defineEndpoint({
      method: 'POST',
      path: '/streams/:stream_id/delete_topic',
      auth: 'user',
      params: { stream_id: streamIdParam, topic_name: p.string({ required: true }) },
      handler: async ({ params, identity }) => {
        await doDeleteTopic(db, await caller(identity), params.stream_id, params.topic_name);
        deps.onCommit?.();
        return {};
      },
    }),
    defineEndpoint({
      method: 'POST',
      path: '/typing',
      auth: 'user',
      params: {
        op: p.string({ required: true }),
        to: p.custom((raw) => extractRecipients(raw), { default: [] as string[] | number[] }),
      },
      handler: async ({ params, identity }) => {
        await doSendTyping(db, await caller(identity), params.to, params.op);
        deps.onCommit?.();
        return {};
      },
    }),
  ];
}
