import { messageEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import { runHeldFollowUp } from '@chat/runtime';
import { messageFollowUpHandlers } from '../follow-ups';
import { checkSendMessage, doSendMessage } from '../actions/send-message';
import type { MessageDeps } from '../deps';
import { loadInternalSender } from '../queries/sender';

/**
 * The message service's internal API: other services post messages here under their own service
 * identity (announcements by Notification Bot, webhook messages by their bot). The gateway never
 * routes /internal, so only signed service calls reach it.
 */
export function internalEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  return [
    implement(api.sendInternalMessage, async ({ params, identity }) => {
      const sender = await loadInternalSender(db, identity.realmId, params.sender_email);
      const checked = await checkSendMessage(db, sender, params);
      const id = await doSendMessage(db, deps.renderer, checked, undefined, deps.config.missedMessageEmailDelaySecs * 1000);
      return { id };
    }),
    implement(api.runFollowUp, async ({ params }) => {
      await runHeldFollowUp(db, messageFollowUpHandlers(deps), params.request_id);
      return {};
    }),
  ];
}
