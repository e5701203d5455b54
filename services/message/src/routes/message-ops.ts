/** Endpoints on one message: read, edit, delete, edit history. */
import { messageEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { MessageDeps } from '../deps';
import { checkDeleteMessage, doDeleteMessage } from '../actions/delete-message';
import { sendEditNotices } from '../actions/edit-notices';
import { checkUpdateMessage, doUpdateMessage } from '../actions/update-message';
import { getSingleMessage } from '../queries/get-message';
import { getMessageHistory } from '../queries/message-history';
import { loadSender } from '../queries/sender';

export function messageOpEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  const caller = (identity: { realmId: number; userId: number }) => loadSender(db, identity.realmId, identity.userId);
  return [
    implement(api.getMessage, async ({ params, identity }) =>
      getSingleMessage(db, await caller(identity), {
        messageId: params.message_id,
        applyMarkdown: params.apply_markdown,
        clientGravatar: params.client_gravatar,
        allowEmptyTopicName: params.allow_empty_topic_name,
      }),
    ),
    implement(api.updateMessage, async ({ params, identity }) => {
      const edit = await checkUpdateMessage(db, deps.renderer, await caller(identity), {
        messageId: params.message_id,
        topic: params.topic,
        content: params.content,
        propagateMode: params.propagate_mode,
        streamId: params.stream_id,
        sendNotificationToOldThread: params.send_notification_to_old_thread,
        sendNotificationToNewThread: params.send_notification_to_new_thread,
      });
      const moved = await doUpdateMessage(db, edit);
      if (moved) await sendEditNotices(deps, moved);
      return {};
    }),
    implement(api.deleteMessage, async ({ params, identity }) => {
      const user = await caller(identity);
      await doDeleteMessage(db, user, await checkDeleteMessage(db, user, params.message_id));
      return {};
    }),
    implement(api.getMessageHistory, async ({ params, identity }) => ({
      message_history: await getMessageHistory(db, await caller(identity), {
        messageId: params.message_id,
        allowEmptyTopicName: params.allow_empty_topic_name,
      }),
    })),
  ];
}
