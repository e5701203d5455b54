/** POST /submessage: a widget's vote or edit. */
import { messageEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { MessageDeps } from '../app';
import { loadSender } from '../domain/send-message';
import { doAddSubmessage } from '../domain/submessages';

export function submessageEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  return [
    implement(api.addSubmessage, async ({ params, identity }) => {
      const user = await loadSender(db, identity.realmId, identity.userId);
      await doAddSubmessage(db, user, { messageId: params.message_id, msgType: params.msg_type, content: params.content });
      deps.onCommit?.();
      return {};
    }),
  ];
}
