/**
 * A stream message's recipients, their alert words and which of them muted the sender, in one
 * statement: the send needs all three inside its transaction, and every statement costs the
 * database (on the embedded one about half a millisecond of its thread) and the caller a round trip.
 */
import { alertWordsByUser, type Executor } from '@chat/db';

export interface StreamRecipients {
  /** Active subscribers (active users), then the sender when not among them. */
  userIds: number[];
  /** Alert words of those users that have any, each user's in the order they were added. */
  alertWords: Map<number, string[]>;
  /** Recipients who muted the sender (the message arrives read for them). */
  mutedBy: Set<number>;
}

export async function streamRecipientsWithAlertWords(db: Executor, streamId: number, senderId: number): Promise<StreamRecipients> {
  const rows: { user_id: number; word: string | null; muted: boolean }[] = await db('subscriptions as s')
    .join('users as u', 'u.id', 's.user_id')
    .leftJoin('alert_words as w', 'w.user_id', 's.user_id')
    // At most one row per subscriber: (user_id, muted_user_id) is the table's key.
    .leftJoin('muted_users as m', (on) => on.on('m.user_id', 's.user_id').andOnVal('m.muted_user_id', senderId))
    .where({ 's.stream_id': streamId, 's.active': true, 'u.is_active': true })
    .orderBy('w.id')
    .select('s.user_id', 'w.word', db.raw('m.user_id IS NOT NULL AS muted'));
  const ids = new Set<number>();
  const alertWords = new Map<number, string[]>();
  const mutedBy = new Set<number>();
  for (const row of rows) {
    ids.add(row.user_id);
    if (row.muted) mutedBy.add(row.user_id);
    if (row.word !== null) alertWords.set(row.user_id, [...(alertWords.get(row.user_id) ?? []), row.word]);
  }
  if (!ids.has(senderId)) {
    ids.add(senderId);
    // Rare (a sender posting where they are not subscribed): one more statement for their words.
    for (const [userId, words] of await alertWordsByUser(db, [senderId])) alertWords.set(userId, words);
  }
  // The sender, added when not subscribed, cannot have muted themselves.
  return { userIds: [...ids], alertWords, mutedBy };
}
