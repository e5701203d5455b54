/**
 * Zulip 2.1's reading helpers and topic deletion: POST /messages/render, GET
 * /messages/matches_narrow, POST /streams/{stream_id}/delete_topic (the messages are this
 * service's), and POST /typing (private conversations, resolved as sends resolve them).
 */
import { messageEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { MessageDeps } from '../app';
import { doDeleteTopic } from '../domain/delete-topic';
import { parseNarrow } from '../domain/narrow';
import { matchesNarrow, renderPreview } from '../domain/reading';
import { loadSender } from '../domain/send-message';
import { doTypingRequest } from '../domain/typing';

export function readingEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  const caller = (identity: { realmId: number; userId: number }) => loadSender(db, identity.realmId, identity.userId);
  return [
    implement(api.renderMessage, async ({ params, identity }) => renderPreview(db, deps.renderer, await caller(identity), params.content)),
    implement(api.checkMessagesMatchNarrow, async ({ params, identity }) =>
      matchesNarrow(db, await caller(identity), params.msg_ids, parseNarrow(params.narrow.value, params.narrow.raw)),
    ),
    implement(api.deleteTopic, async ({ params, identity }) => {
      await doDeleteTopic(db, await caller(identity), params.stream_id, params.topic_name);
      deps.onCommit?.();
      return {};
    }),
    implement(api.setTypingStatus, async ({ params, identity }) => {
      const { op, type, to, stream_id: streamId, topic } = params;
      await doTypingRequest(db, await caller(identity), { op, type, to, streamId, topic });
      deps.onCommit?.();
      return {};
    }),
  ];
}
