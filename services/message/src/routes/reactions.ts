/** POST and DELETE /messages/{id}/reactions. */
import { messageEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { MessageDeps } from '../app';
import { doAddReaction, doRemoveReaction } from '../domain/reactions';
import { loadSender } from '../domain/send-message';

export function reactionEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  const caller = (identity: { realmId: number; userId: number }) => loadSender(db, identity.realmId, identity.userId);
  return [
    implement(api.addReaction, async ({ params, identity }) => {
      await doAddReaction(db, await caller(identity), {
        messageId: params.message_id,
        emojiName: params.emoji_name,
        emojiCode: params.emoji_code,
        reactionType: params.reaction_type,
      });
      deps.onCommit?.();
      return {};
    }),
    implement(api.removeReaction, async ({ params, identity }) => {
      await doRemoveReaction(db, await caller(identity), {
        messageId: params.message_id,
        emojiName: params.emoji_name,
        emojiCode: params.emoji_code,
        reactionType: params.reaction_type,
      });
      deps.onCommit?.();
      return {};
    }),
  ];
}
