/** Submessages as message dicts carry them: each message's, oldest first. */
import { anyOf, type Executor } from '@chat/db';

export interface Submessage {
  id: number;
  message_id: number;
  sender_id: number;
  msg_type: string;
  content: string;
}

export async function submessagesFor(db: Executor, messageIds: number[]): Promise<Map<number, Submessage[]>> {
  const byMessage = new Map<number, Submessage[]>();
  if (messageIds.length === 0) return byMessage;
  const rows: Submessage[] = await db('submessages')
    .whereRaw(...anyOf('message_id', messageIds))
    .orderBy('id')
    .select('id', 'message_id', 'sender_id', 'msg_type', 'content');
  for (const row of rows) {
    const list = byMessage.get(row.message_id) ?? [];
    list.push(row);
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}
