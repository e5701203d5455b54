/** A message's reactions, pure: grouped as the message shows them, and what a click on one asks the server. */
import type { Message, Reaction } from '../../lib/types';

export interface ReactionGroup {
  key: string;
  reactions: Reaction[];
  /** Whether the viewer is among those who reacted. */
  mine: boolean;
}

/** One group per emoji (type and code), in the order each first appeared. */
export function groupReactions(reactions: Reaction[], selfId: number): ReactionGroup[] {
  const groups: ReactionGroup[] = [];
  for (const r of reactions) {
    const key = `${r.reaction_type}:${r.emoji_code}`;
    const group = groups.find((g) => g.key === key);
    if (group) group.reactions.push(r);
    else groups.push({ key, reactions: [r], mine: false });
  }
  for (const g of groups) g.mine = g.reactions.some((r) => r.user_id === selfId);
  return groups;
}

/** A click on an emoji: remove the viewer's reaction if they made it, else add it (as the existing one's code and type). */
export function reactionRequest(
  message: Message,
  selfId: number,
  emojiName: string,
  emojiCode?: string,
): { remove: boolean; params: { message_id: number; emoji_name: string; emoji_code?: string; reaction_type?: string } } {
  const remove = message.reactions.some(
    (r) => r.user_id === selfId && (r.emoji_name === emojiName || (emojiCode !== undefined && r.emoji_code === emojiCode)),
  );
  const existing = message.reactions.find((r) => r.emoji_name === emojiName);
  return {
    remove,
    params: {
      message_id: message.id,
      emoji_name: emojiName,
      ...(existing ? { emoji_code: existing.emoji_code, reaction_type: existing.reaction_type } : {}),
    },
  };
}
