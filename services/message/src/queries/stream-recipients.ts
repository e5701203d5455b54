/**
 * A stream message's recipients and their alert words in one statement: the send needs both
 * inside its transaction, and on the embedded database every statement is paid on the event
 * loop that also answers the parked polls.
 */
import { alertWordsByUser, type Executor } from '@chat/db';

export interface StreamRecipients {
  /** Active subscribers (active users), then the sender when not among them. */
  userIds: number[];
  /** Alert words of those users that have any, each user's in the order they were added. */
  alertWords: Map<number, string[]>;
}

export async function streamRecipientsWithAlertWords(db: Executor, streamId: number, senderId: number): Promise<StreamRecipients> {
  const rows: { user_id: number; word: string | null }[] = await db('subscriptions as s')
    .join('users as u', 'u.id', 's.user_id')
    .leftJoin('alert_words as w', 'w.user_id', 's.user_id')
    .where({ 's.stream_id': streamId, 's.active': true, 'u.is_active': true })
    .orderBy('w.id')
    .select('s.user_id', 'w.word');
  const ids = new Set<number>();
  const alertWords = new Map<number, string[]>();
  for (const row of rows) {
    ids.add(row.user_id);
    if (row.word !== null) alertWords.set(row.user_id, [...(alertWords.get(row.user_id) ?? []), row.word]);
  }
  if (!ids.has(senderId)) {
    ids.add(senderId);
    // Rare (a sender posting where they are not subscribed): one more statement for their words.
    for (const [userId, words] of await alertWordsByUser(db, [senderId])) alertWords.set(userId, words);
  }
  return { userIds: [...ids], alertWords };
}
