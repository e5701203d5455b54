import type { Executor } from '../connect';

/** The newest message in the user's history, sent or received; -1 when none (Zulip's max_message_id). */
export async function maxMessageIdForUser(db: Executor, userId: number): Promise<number> {
  const row = await db('user_messages').where({ user_id: userId }).max({ max: 'message_id' }).first();
  const max = (row as { max: number | null } | undefined)?.max;
  return max === null || max === undefined ? -1 : Number(max);
}
