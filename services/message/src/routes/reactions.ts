/** POST and DELETE /messages/{id}/reactions, and Zulip 2.1's legacy PUT and DELETE /messages/{id}/emoji_reactions/{name}. */
import { messageEndpoints as api } from '@chat/contracts';
import type { UserRow } from '@chat/db';
import { implement } from '@chat/http';
import type { MessageDeps } from '../deps';
import {
  checkAddReaction,
  checkAddReactionLegacy,
  checkRemoveReaction,
  checkRemoveReactionLegacy,
  doAddReaction,
  doAddReactionLegacy,
  doRemoveReaction,
  doRemoveReactionLegacy,
} from '../actions/reactions';
import { loadSender } from '../queries/sender';

export function reactionEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  /** Runs a write as the caller, then wakes the outbox relay. */
  const write = async (identity: { realmId: number; userId: number }, action: (user: UserRow) => Promise<void>) => {
    await action(await loadSender(db, identity.realmId, identity.userId));
    return {};
  };
  const reaction = (params: { message_id: number; emoji_name?: string; emoji_code?: string; reaction_type?: string }) => ({
    messageId: params.message_id,
    emojiName: params.emoji_name,
    emojiCode: params.emoji_code,
    reactionType: params.reaction_type,
  });
  return [
    implement(api.addReaction, ({ params, identity }) =>
      write(identity, async (user) => doAddReaction(db, user, await checkAddReaction(db, user, reaction(params)))),
    ),
    implement(api.removeReaction, ({ params, identity }) =>
      write(identity, async (user) => doRemoveReaction(db, user, await checkRemoveReaction(db, user, reaction(params)))),
    ),
    implement(api.addReactionLegacy, ({ params, identity }) =>
      write(identity, async (user) =>
        doAddReactionLegacy(db, user, await checkAddReactionLegacy(db, user, params.message_id, params.emoji_name)),
      ),
    ),
    implement(api.removeReactionLegacy, ({ params, identity }) =>
      write(identity, async (user) =>
        doRemoveReactionLegacy(db, user, await checkRemoveReactionLegacy(db, user, params.message_id, params.emoji_name)),
      ),
    ),
  ];
}
