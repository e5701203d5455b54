/** POST and DELETE /messages/{id}/reactions. */
import { defineEndpoint, p } from '@chat/http';
import type { MessageDeps } from '../app';
import { doAddReaction, doRemoveReaction } from '../domain/reactions';
import { loadSender } from '../domain/send-message';
import { messageIdParam } from './message-ops';

export function reactionEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  const caller = (identity: { realmId: number; userId: number }) => loadSender(db, identity.realmId, identity.userId);
  return [
    defineEndpoint({
      method: 'POST',
      path: '/messages/:message_id/reactions',
      auth: 'user',
      params: {
        message_id: messageIdParam,
        emoji_name: p.string({ required: true }),
        emoji_code: p.string(),
        reaction_type: p.string(),
      },
      handler: async ({ params, identity }) => {
        await doAddReaction(db, await caller(identity), {
          messageId: params.message_id,
          emojiName: params.emoji_name,
          emojiCode: params.emoji_code,
          reactionType: params.reaction_type,
        });
        deps.onCommit?.();
        return {};
      },
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/messages/:message_id/reactions',
      auth: 'user',
      params: {
        message_id: messageIdParam,
        emoji_name: p.string(),
        emoji_code: p.string(),
        reaction_type: p.string(),
      },
      handler: async ({ params, identity }) => {
        await doRemoveReaction(db, await caller(identity), {
          messageId: params.message_id,
          emojiName: params.emoji_name,
          emojiCode: params.emoji_code,
          reactionType: params.reaction_type,
        });
        deps.onCommit?.();
        return {};
      },
    }),
  ];
}
