/** The caller's message flags: POST /messages/flags, its narrow form, and Zulip's mark-as-read shortcuts. */
import { messageEndpoints as api } from '@chat/contracts';
import type { UserRow } from '@chat/db';
import { displayNameResolved } from '@chat/events';
import { implement } from '@chat/http';
import type { MessageDeps } from '../deps';
import { doUpdateFlagsInNarrow } from '../actions/flags-in-narrow';
import { checkMarkStreamAsRead, doMarkAllAsRead, doMarkStreamAsRead, doUpdateMessageFlags } from '../actions/update-flags';
import { parseNarrow } from '../lib/narrow-terms';
import { loadSender } from '../queries/sender';

export function flagEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  const caller = (identity: { realmId: number; userId: number }) => loadSender(db, identity.realmId, identity.userId);
  const markStreamAsRead = async (user: UserRow, streamId: number, topic: string | undefined) =>
    doMarkStreamAsRead(db, user, await checkMarkStreamAsRead(db, user, streamId, topic), topic);
  return [
    implement(api.updateMessageFlags, async ({ params, identity }) => {
      await doUpdateMessageFlags(db, await caller(identity), params.op, params.flag, params.messages);
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
      return { ...result };
    }),
    implement(api.markAllAsRead, async ({ identity }) => {
      await doMarkAllAsRead(db, await caller(identity));
      return {};
    }),
    implement(api.markStreamAsRead, async ({ params, identity }) => {
      await markStreamAsRead(await caller(identity), params.stream_id, undefined);
      return {};
    }),
    implement(api.markTopicAsRead, async ({ params, identity }) => {
      // A client shown the display name for the empty topic marks it by that name.
      await markStreamAsRead(await caller(identity), params.stream_id, displayNameResolved(params.topic_name));
      return {};
    }),
  ];
}
