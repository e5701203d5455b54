/** POST /submessage: a widget's vote or edit. */
import { messageEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { MessageDeps } from '../deps';
import { checkAddSubmessage, doAddSubmessage } from '../actions/submessages';
import { loadSender } from '../queries/sender';

export function submessageEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  return [
    implement(api.addSubmessage, async ({ params, identity }) => {
      const user = await loadSender(db, identity.realmId, identity.userId);
      const request = { messageId: params.message_id, msgType: params.msg_type, content: params.content };
      await doAddSubmessage(db, user, await checkAddSubmessage(db, user, request), request);
      return {};
    }),
  ];
}
