/**
 * Zulip 2.1's reading helpers and topic deletion: POST /messages/render, GET
 * /messages/matches_narrow, POST /streams/{stream_id}/delete_topic (the messages are this
 * service's), and POST /typing (private conversations, resolved as sends resolve them).
 */
import { messageEndpoints as api } from '@chat/contracts';
import { displayNameResolved } from '@chat/events';
import { implement } from '@chat/http';
import type { MessageDeps } from '../deps';
import { checkDeleteTopic, doDeleteTopic } from '../actions/delete-topic';
import { checkTypingNotification, doSendTypingNotification } from '../actions/typing';
import { parseNarrow } from '../lib/narrow-terms';
import { matchesNarrow, renderPreview } from '../queries/reading';
import { loadSender } from '../queries/sender';

export function readingEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  const caller = (identity: { realmId: number; userId: number }) => loadSender(db, identity.realmId, identity.userId);
  return [
    implement(api.renderMessage, async ({ params, identity }) => renderPreview(db, deps.renderer, await caller(identity), params.content)),
    implement(api.checkMessagesMatchNarrow, async ({ params, identity }) =>
      matchesNarrow(db, await caller(identity), params.msg_ids, parseNarrow(params.narrow.value, params.narrow.raw)),
    ),
    implement(api.deleteTopic, async ({ params, identity }) => {
      const user = await caller(identity);
      const stream = await checkDeleteTopic(db, user, params.stream_id);
      await doDeleteTopic(db, user, stream, displayNameResolved(params.topic_name));
      return {};
    }),
    implement(api.setTypingStatus, async ({ params, identity }) => {
      const { op, type, to, stream_id: streamId, topic } = params;
      const user = await caller(identity);
      await doSendTypingNotification(db, user, await checkTypingNotification(db, user, { op, type, to, streamId, topic }));
      return {};
    }),
  ];
}
