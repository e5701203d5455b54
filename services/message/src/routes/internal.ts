import { badRequest } from '@chat/errors';
import { messageEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import { getUserByEmail } from '@chat/db';
import type { MessageDeps } from '../app';
import { checkSendMessage, doSendMessage } from '../domain/send-message';

/**
 * The message service's internal API: other services post messages here under their own service
 * identity (announcements by Notification Bot, webhook messages by their bot). The gateway never
 * routes /internal, so only signed service calls reach it.
 */
export function internalEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  return [
    implement(api.sendInternalMessage, async ({ params, identity }) => {
      if (identity.realmId === null) throw badRequest('Internal calls must name a realm');
      const sender = await getUserByEmail(db, identity.realmId, params.sender_email);
      if (!sender || !sender.is_active) throw badRequest(`Invalid sender '${params.sender_email}'`);
      const checked = await checkSendMessage(db, sender, params);
      const id = await doSendMessage(db, deps.renderer, checked, undefined, deps.config.missedMessageEmailDelaySecs * 1000);
      deps.onCommit?.();
      return { id };
    }),
  ];
}
