import { clientName, defineEndpoint, nonNegativeInt, p } from '@chat/http';
import type { MessageDeps } from '../app';
import { extractRecipients } from '../domain/addressee';
import { getMessages } from '../domain/get-messages';
import { IDEMPOTENCY_HEADER, parseIdempotencyKey, type KeyGuard, requestHash, sendOnce, sweepExpiredKeys } from '../domain/idempotency';
import { parseNarrow } from '../domain/narrow';
import { checkSendMessage, doSendMessage, loadSender, nulInContent } from '../domain/send-message';


export function messageEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  // Idempotency-Keys whose send is in flight in this process (see domain/idempotency.ts).
  const keysInFlight = new Set<string>();
  return [
    defineEndpoint({
      method: 'POST',
      path: '/messages',
      auth: 'user',
      params: {
        type: p.string({ required: true }),
        to: p.custom((raw) => extractRecipients(raw), { default: [] as string[] | number[] }),
        topic: p.string({ aliases: ['subject'] }),
        content: p.string({ required: true, nulError: nulInContent }),
        // The sender's queue gets local_message_id on its copy of the event (Zulip's local echo).
        queue_id: p.string(),
        local_id: p.string(),
      },
      handler: async ({ params, identity, req }) => {
        const key = parseIdempotencyKey(req.headers[IDEMPOTENCY_HEADER]);
        const request = { type: params.type, to: params.to, topic: params.topic, content: params.content };
        const send = async (keyGuard?: KeyGuard) => {
          const sender = await loadSender(db, identity.realmId, identity.userId);
          const checked = await checkSendMessage(db, sender, {
            ...request,
            client: clientName(req),
            senderQueueId: params.queue_id,
            localId: params.local_id,
          });
          const id = await doSendMessage(db, deps.renderer, checked, keyGuard);
          deps.onCommit?.();
          return { id };
        };
        if (key === undefined) return send();
        const response = await sendOnce(db, keysInFlight, { userId: identity.userId, key, hash: requestHash(request) }, send);
        await sweepExpiredKeys(db).catch((err: unknown) => deps.logger.warn({ err }, 'sweeping expired idempotency keys failed'));
        return response;
      },
    }),
    defineEndpoint({
      method: 'GET',
      path: '/messages',
      auth: 'user',
      params: {
        // Zulip clients send 10^16 for "newest": any 64-bit value is taken and compared as an id.
        anchor: p.int({ range: p.INT64 }),
        use_first_unread_anchor: p.bool({ default: false }),
        num_before: p.custom(nonNegativeInt, { required: true }),
        num_after: p.custom(nonNegativeInt, { required: true }),
        narrow: p.custom((raw) => ({ raw, value: parseJsonLoose(raw) }), {}),
        client_gravatar: p.bool({ default: false }),
        apply_markdown: p.bool({ default: true }),
      },
      handler: async ({ params, identity }) => {
        const user = await loadSender(db, identity.realmId, identity.userId);
        return getMessages(db, {
          user,
          anchor: params.anchor,
          useFirstUnreadAnchor: params.use_first_unread_anchor,
          numBefore: params.num_before,
          numAfter: params.num_after,
          narrow: params.narrow ? parseNarrow(params.narrow.value, params.narrow.raw) : [],
          applyMarkdown: params.apply_markdown,
          clientGravatar: params.client_gravatar,
        });
      },
    }),
  ];
}

/** The narrow's own errors say "Bad value for 'narrow'", so undecodable JSON is left to parseNarrow. */
function parseJsonLoose(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
