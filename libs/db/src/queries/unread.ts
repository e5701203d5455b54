import type { Executor } from '../connect';
import { RECIPIENT_HUDDLE, RECIPIENT_PERSONAL } from '../recipients';

/** Zulip's MAX_UNREAD_MESSAGES: the newest this many unread messages are considered. */
export const MAX_UNREAD_MESSAGES = 50000;
const READ = 1;
const MENTIONED = 8;
/** stream_wildcard_mentioned (2.1's wildcard_mentioned) and topic_wildcard_mentioned. */
const WILDCARD_MENTIONED = 16 | 32;

export interface UnreadRow {
  message_id: number;
  flags: number;
  sender_id: number;
  stream_id: number | null;
  subject: string;
  recipient_type: number;
  recipient_type_id: number;
  recipient_id: number;
}

/** The user's unread messages, newest MAX_UNREAD_MESSAGES, oldest first, with their addresses. */
export async function unreadMessages(db: Executor, userId: number): Promise<UnreadRow[]> {
  const rows: UnreadRow[] = await db('user_messages as um')
    .join('messages as m', 'm.id', 'um.message_id')
    .join('recipients as r', 'r.id', 'm.recipient_id')
    .where('um.user_id', userId)
    .whereRaw('(um.flags & ?) = 0', [READ])
    .orderBy('um.message_id', 'desc')
    .limit(MAX_UNREAD_MESSAGES)
    .select(
      'um.message_id',
      'um.flags',
      'm.sender_id',
      'm.stream_id',
      'm.subject',
      'm.recipient_id',
      'r.type as recipient_type',
      'r.type_id as recipient_type_id',
    );
  return rows.reverse();
}

/** Mentioned by name or through a group. */
export function isDirectMention(flags: number): boolean {
  return (flags & MENTIONED) !== 0;
}

/** Mentioned by a stream or topic wildcard. */
export function isWildcardMention(flags: number): boolean {
  return (flags & WILDCARD_MENTIONED) !== 0;
}

export function isPersonal(row: UnreadRow): boolean {
  return row.recipient_type === RECIPIENT_PERSONAL;
}

export function isHuddle(row: UnreadRow): boolean {
  return row.recipient_type === RECIPIENT_HUDDLE;
}
