/** The caller's message flags: POST /messages/flags, its narrow form, and Zulip's mark-as-read shortcuts. */
import { messageEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { MessageDeps } from '../app';
import { loadSender } from '../domain/send-message';
import { doUpdateFlagsInNarrow } from '../domain/flags-in-narrow';
import { parseNarrow } from '../domain/narrow';
import { doMarkAllAsRead, doMarkStreamAsRead, doUpdateMessageFlags } from '../domain/update-flags';

export function flagEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  const caller = (identity: { realmId: number; userId: number }) => loadSender(db, identity.realmId, identity.userId);
  const done = () => {
    deps.onCommit?.();
  };
  return [
    implement(api.updateMessageFlags, async ({ params, identity }) => {
      await doUpdateMessageFlags(db, await caller(identity), params.op, params.flag, params.messages);
      done();
      return { messages: params.messages };
    }),
    implement(api.updateMessageFlagsForNarrow, async ({ params, identity }) => {
      const range = {
        user: await caller(identity),
        anchor: params.anchor,
        includeAnchor: params.include_anchor,
        numBefore: params.num_before,
        numAfter: params.num_after,
        narrow: parseNarrow(params.narrow.value, params.narrow.raw),
      };
      const result = await doUpdateFlagsInNarrow(db, range, { op: params.op, flag: params.flag });
      done();
      return { ...result };
    }),
    implement(api.markAllAsRead, async ({ identity }) => {
      await doMarkAllAsRead(db, await caller(identity));
      done();
      return {};
    }),
    implement(api.markStreamAsRead, async ({ params, identity }) => {
      await doMarkStreamAsRead(db, await caller(identity), params.stream_id, undefined);
      done();
      return {};
    }),
    implement(api.markTopicAsRead, async ({ params, identity }) => {
      await doMarkStreamAsRead(db, await caller(identity), params.stream_id, params.topic_name);
      done();
      return {};
    }),
  ];
}
