/**
 * A stream message's recipients, their alert words, which of them muted the sender and what
 * their notifications depend on (the subscription's settings, the topic's visibility policy, the
 * user's settings), in one statement: the send needs all of it inside its transaction, and every
 * statement costs the database (on the embedded one about half a millisecond of its thread) and
 * the caller a round trip.
 */
import { alertWordsByUser, TOPIC_VISIBILITY, type Executor } from '@chat/db';
import type { SubscriberFacts } from '../lib/sent-message';

export interface StreamRecipients {
  /** Active subscribers (active users), then the sender when not among them. */
  userIds: number[];
  /** Alert words of those users that have any, each user's in the order they were added. */
  alertWords: Map<number, string[]>;
  /** Recipients who muted the sender (the message arrives read for them). */
  mutedBy: Set<number>;
  /** Each active subscriber's notification facts (the sender, when not subscribed, has none). */
  subscribers: Map<number, SubscriberFacts>;
}

interface RecipientRow {
  user_id: number;
  word: string | null;
  muted: boolean;
  is_bot: boolean;
  settings: Record<string, unknown> | null;
  is_muted: boolean;
  push_notifications: boolean | null;
  email_notifications: boolean | null;
  desktop_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
  visibility_policy: number | null;
}

export async function streamRecipientsWithAlertWords(
  db: Executor,
  streamId: number,
  senderId: number,
  topic: string,
): Promise<StreamRecipients> {
  const rows: RecipientRow[] = await db('subscriptions as s')
    .join('users as u', 'u.id', 's.user_id')
    .leftJoin('alert_words as w', 'w.user_id', 's.user_id')
    // At most one row per subscriber: (user_id, muted_user_id) is the table's key.
    .leftJoin('muted_users as m', (on) => on.on('m.user_id', 's.user_id').andOnVal('m.muted_user_id', senderId))
    // At most one too: a user has one policy per topic (names compare case-insensitively).
    .leftJoin('muted_topics as t', (on) =>
      on
        .on('t.user_id', 's.user_id')
        .andOn('t.stream_id', 's.stream_id')
        .andOn(db.raw('lower(t.topic_name) = lower(?)', [topic])),
    )
    .where({ 's.stream_id': streamId, 's.active': true, 'u.is_active': true })
    .orderBy('w.id')
    .select(
      's.user_id',
      'w.word',
      db.raw('m.user_id IS NOT NULL AS muted'),
      'u.is_bot',
      'u.settings',
      's.is_muted',
      's.push_notifications',
      's.email_notifications',
      's.desktop_notifications',
      's.wildcard_mentions_notify',
      't.visibility_policy',
    );
  const ids = new Set<number>();
  const alertWords = new Map<number, string[]>();
  const mutedBy = new Set<number>();
  const subscribers = new Map<number, SubscriberFacts>();
  for (const row of rows) {
    ids.add(row.user_id);
    if (!subscribers.has(row.user_id)) {
      subscribers.set(row.user_id, {
        isBot: row.is_bot,
        settings: row.settings ?? {},
        streamMuted: row.is_muted,
        topicPolicy: row.visibility_policy ?? TOPIC_VISIBILITY.INHERIT,
        push: row.push_notifications,
        email: row.email_notifications,
        desktop: row.desktop_notifications,
        wildcard: row.wildcard_mentions_notify,
      });
    }
    if (row.muted) mutedBy.add(row.user_id);
    if (row.word !== null) alertWords.set(row.user_id, [...(alertWords.get(row.user_id) ?? []), row.word]);
  }
  if (!ids.has(senderId)) {
    ids.add(senderId);
    // Rare (a sender posting where they are not subscribed): one more statement for their words.
    for (const [userId, words] of await alertWordsByUser(db, [senderId])) alertWords.set(userId, words);
  }
  // The sender, added when not subscribed, cannot have muted themselves.
  return { userIds: [...ids], alertWords, mutedBy, subscribers };
}
