/** The reactions a reaction write looks for first (its duplicate, its earlier voter, the one to remove). */
import type { Executor } from '@chat/db';

export interface StoredReaction {
  id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

/** The user's reaction to the message that `match` (name, or code and type) finds. */
export async function userReaction(
  db: Executor,
  userId: number,
  messageId: number,
  match: Partial<StoredReaction>,
): Promise<StoredReaction | undefined> {
  return db('reactions')
    .where({ message_id: messageId, user_id: userId, ...match })
    .first('id', 'emoji_name', 'emoji_code', 'reaction_type');
}

/** The name of the first reaction to the message with this emoji: a later voter's reaction takes it. */
export async function firstReactionName(
  db: Executor,
  messageId: number,
  emojiCode: string,
  reactionType: string,
): Promise<string | undefined> {
  const earlier: { emoji_name: string } | undefined = await db('reactions')
    .where({ message_id: messageId, emoji_code: emojiCode, reaction_type: reactionType })
    .orderBy('id')
    .first('emoji_name');
  return earlier?.emoji_name;
}
