/** POST and DELETE /messages/{id}/reactions, and Zulip 2.1's legacy PUT and DELETE /messages/{id}/emoji_reactions/{name}. */
import { messageEndpoints as api } from '@chat/contracts';
import type { UserRow } from '@chat/db';
import { implement } from '@chat/http';
import type { MessageDeps } from '../app';
import { doAddReaction, doAddReactionLegacy, doRemoveReaction, doRemoveReactionLegacy } from '../domain/reactions';
import { loadSender } from '../domain/send-message';

export function reactionEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  /** Runs a write as the caller, then wakes the outbox relay. */
  const write = async (identity: { realmId: number; userId: number }, action: (user: UserRow) => Promise<void>) => {
    await action(await loadSender(db, identity.realmId, identity.userId));
    deps.onCommit?.();
    return {};
  };
  return [
    implement(api.addReaction, ({ params, identity }) =>
      write(identity, (user) =>
        doAddReaction(db, user, { messageId: params.message_id, emojiName: params.emoji_name, emojiCode: params.emoji_code, reactionType: params.reaction_type }),
      ),
    ),
    implement(api.removeReaction, ({ params, identity }) =>
      write(identity, (user) =>
        doRemoveReaction(db, user, { messageId: params.message_id, emojiName: params.emoji_name, emojiCode: params.emoji_code, reactionType: params.reaction_type }),
      ),
    ),
    implement(api.addReactionLegacy, ({ params, identity }) => write(identity, (user) => doAddReactionLegacy(db, user, params.message_id, params.emoji_name))),
    implement(api.removeReactionLegacy, ({ params, identity }) => write(identity, (user) => doRemoveReactionLegacy(db, user, params.message_id, params.emoji_name))),
  ];
}
