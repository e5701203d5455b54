import { messageEndpoints as api } from '@chat/contracts';
import { clientName, implement } from '@chat/http';
import type { MessageDeps } from '../deps';
import { sendOnce, sweepExpiredKeys, type KeyGuard } from '../actions/idempotency';
import { checkSendMessage, doSendMessage } from '../actions/send-message';
import { IDEMPOTENCY_HEADER, parseIdempotencyKey, requestHash } from '../lib/idempotency-key';
import { parseNarrow } from '../lib/narrow-terms';
import { getMessages } from '../queries/get-messages';
import { loadSender } from '../queries/sender';

export function messageEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  // Idempotency-Keys whose send is in flight in this process (see actions/idempotency.ts).
  const keysInFlight = new Set<string>();
  return [
    implement(api.sendMessage, async ({ params, identity, req }) => {
      const key = parseIdempotencyKey(req.headers[IDEMPOTENCY_HEADER]);
      const request = { type: params.type, to: params.to, topic: params.topic, content: params.content };
      const send = async (keyGuard?: KeyGuard) => {
        const sender = await loadSender(db, identity.realmId, identity.userId);
        const checked = await checkSendMessage(db, sender, {
          ...request,
          client: clientName(req),
          senderQueueId: params.queue_id,
          localId: params.local_id,
          readBySender: params.read_by_sender,
        });
        const id = await doSendMessage(db, deps.renderer, checked, keyGuard, deps.config.missedMessageEmailDelaySecs * 1000);
        return { id };
      };
      if (key === undefined) return send();
      const response = await sendOnce(db, keysInFlight, { userId: identity.userId, key, hash: requestHash(request) }, send);
      await sweepExpiredKeys(db).catch((err: unknown) => deps.logger.warn({ err }, 'sweeping expired idempotency keys failed'));
      return response;
    }),
    implement(api.getMessages, async ({ params, identity }) => {
      const user = await loadSender(db, identity.realmId, identity.userId);
      return getMessages(db, {
        user,
        anchor: params.anchor,
        includeAnchor: params.include_anchor,
        useFirstUnreadAnchor: params.use_first_unread_anchor,
        numBefore: params.num_before,
        numAfter: params.num_after,
        narrow: params.narrow ? parseNarrow(params.narrow.value, params.narrow.raw) : [],
        applyMarkdown: params.apply_markdown,
        clientGravatar: params.client_gravatar,
        allowEmptyTopicName: params.allow_empty_topic_name,
      });
    }),
  ];
}
