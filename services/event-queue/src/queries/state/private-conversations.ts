/** recent_private_conversations (Zulip 2.1's get_recent_private_conversations). */
import type { Executor, UserRow } from '@chat/db';

/** 2.1's RECENT_CONVERSATIONS_LIMIT: each half of the query looks at this many messages. */
const RECENT_CONVERSATIONS_LIMIT = 1000;
const IS_PRIVATE = 2048;
const PERSONAL = 1;

export interface RecentConversation {
  max_message_id: number;
  /** The other participants, ascending; [] for the user's messages to themselves. */
  user_ids: number[];
}

interface Row {
  recipient_id: number;
  max_message_id: number;
  type: number;
  type_id: number;
  members: number[] | null;
}

/**
 * A conversation is keyed by a recipient, as in 2.1: the recipient of what the user sent (a
 * person or a huddle) or, for what they received one to one, the sender's personal recipient.
 * Hence two halves, each over the newest messages only.
 */
export async function recentPrivateConversations(db: Executor, user: UserRow): Promise<RecentConversation[]> {
  const myRecipient = user.recipient_id ?? -1;
  const { rows } = (await db.raw(
    `SELECT c.recipient_id, max(c.message_id) AS max_message_id, r.type, r.type_id, h.user_ids AS members
       FROM ((SELECT um.message_id, m.recipient_id
                FROM user_messages um JOIN messages m ON m.id = um.message_id
               WHERE um.user_id = ? AND (um.flags & ?) <> 0 AND m.recipient_id <> ?
               ORDER BY um.message_id DESC LIMIT ?)
             UNION ALL
             (SELECT m.id, s.recipient_id
                FROM messages m JOIN users s ON s.id = m.sender_id
               WHERE m.recipient_id = ?
               ORDER BY m.id DESC LIMIT ?)) c
       JOIN recipients r ON r.id = c.recipient_id
       LEFT JOIN huddles h ON h.recipient_id = c.recipient_id
      GROUP BY c.recipient_id, r.type, r.type_id, h.user_ids`,
    [user.id, IS_PRIVATE, myRecipient, RECENT_CONVERSATIONS_LIMIT, myRecipient, RECENT_CONVERSATIONS_LIMIT],
  )) as { rows: Row[] };
  return rows
    .map((row) => ({ max_message_id: Number(row.max_message_id), user_ids: participants(row, user.id) }))
    .sort((a, b) => b.max_message_id - a.max_message_id);
}

function participants(row: Row, me: number): number[] {
  const everyone = row.type === PERSONAL ? [row.type_id] : (row.members ?? []);
  return everyone.filter((id) => id !== me).sort((a, b) => a - b);
}
