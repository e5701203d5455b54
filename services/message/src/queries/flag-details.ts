/**
 * message_details of an update_message_flags event that marks messages unread (feature level
 * 121): for each message, where it is (its stream and topic, or the other users of its private
 * conversation) and whether it mentions the user, so a client can count it unread again without
 * having the message.
 */
import type { Knex } from 'knex';
import { anyOf, RECIPIENT_HUDDLE, RECIPIENT_PERSONAL } from '@chat/db';
import type { EventOf } from '@chat/events';
import { ANY_MENTION_BITS } from '../lib/flags';

type FlagsEvent = EventOf<'update_message_flags'>;
export type MessageDetails = NonNullable<FlagsEvent['message_details']>;

export async function messageDetails(db: Knex | Knex.Transaction, userId: number, messageIds: number[]): Promise<MessageDetails> {
  if (messageIds.length === 0) return {};
  const rows: { id: number; stream_id: number | null; subject: string; sender_id: number; type: number; type_id: number; flags: number }[] =
    await db('messages as m')
      .join('recipients as r', 'r.id', 'm.recipient_id')
      .join('user_messages as um', (j) => j.on('um.message_id', 'm.id').andOn('um.user_id', db.raw('?', [userId])))
      .whereRaw(...anyOf('m.id', messageIds))
      .select('m.id', 'm.stream_id', 'm.subject', 'm.sender_id', 'r.type', 'r.type_id', 'um.flags');
  const huddleIds = [...new Set(rows.filter((r) => r.type === RECIPIENT_HUDDLE).map((r) => r.type_id))];
  const huddles: { id: number; user_ids: number[] }[] =
    huddleIds.length > 0
      ? await db('huddles')
          .whereRaw(...anyOf('id', huddleIds))
          .select('id', 'user_ids')
      : [];
  const membersOf = new Map(huddles.map((h) => [h.id, h.user_ids]));
  const details: MessageDetails = {};
  for (const row of rows) {
    const mentioned = (row.flags & ANY_MENTION_BITS) !== 0 ? { mentioned: true } : {};
    if (row.stream_id !== null) {
      details[String(row.id)] = { type: 'stream', stream_id: row.stream_id, topic: row.subject, ...mentioned };
      continue;
    }
    // The other users of the conversation: none for a message to oneself.
    const everyone = row.type === RECIPIENT_PERSONAL ? [row.sender_id, row.type_id] : (membersOf.get(row.type_id) ?? []);
    const others = [...new Set(everyone)].filter((id) => id !== userId).sort((a, b) => a - b);
    details[String(row.id)] = { type: 'private', user_ids: others, ...mentioned };
  }
  return details;
}
