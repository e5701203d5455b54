/** What a person does to a message through the server: react, star, edit, delete, read its Markdown. */
import { messageEndpoints } from '@chat/contracts';
import { api } from '../../api';
import type { Message } from '../../lib/types';
import { app } from '../../store';
import { reactionRequest } from './reactions';

export async function toggleReaction(message: Message, emojiName: string, emojiCode?: string): Promise<void> {
  const { remove, params } = reactionRequest(message, app.get().selfId, emojiName, emojiCode);
  await api(remove ? messageEndpoints.removeReaction : messageEndpoints.addReaction, params);
}

export async function toggleStar(message: Message): Promise<void> {
  const starred = message.flags.includes('starred');
  await api(messageEndpoints.updateMessageFlags, { messages: [message.id], op: starred ? 'remove' : 'add', flag: 'starred' });
}

export async function editMessage(id: number, content: string): Promise<void> {
  await api(messageEndpoints.updateMessage, { message_id: id, content });
}

export async function deleteMessage(id: number): Promise<void> {
  await api(messageEndpoints.deleteMessage, { message_id: id });
}

export async function rawContent(id: number): Promise<string> {
  const answer = await api(messageEndpoints.getMessage, { message_id: id, apply_markdown: false });
  return answer.raw_content;
}
