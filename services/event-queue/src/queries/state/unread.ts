/**
 * unread_msgs of /register (Zulip's get_raw_unread_data + aggregate_unread_data): unread
 * messages grouped by private conversation, by stream and topic, by group of users, the
 * mentions, and a count that leaves out muted streams and topics.
 */
import type { Knex } from 'knex';
import { isDirectMention, isHuddle, isPersonal, isWildcardMention, unreadMessages, type UnreadRow } from '@chat/db';

export interface UnreadMsgs {
  /**
   * other_user_id names the conversation (feature level 119): the other user, yourself only for
   * messages to yourself. sender_id is its 2.1 name, kept for older clients, with the same value.
   */
  pms: { other_user_id: number; sender_id: number; unread_message_ids: number[] }[];
  streams: { stream_id: number; topic: string; unread_message_ids: number[]; sender_ids: number[] }[];
  huddles: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions: number[];
  count: number;
  /** Zulip caps the unreads it lists; this server lists every one (feature level 44). */
  old_unreads_missing: false;
}

export interface MuteState {
  mutedStreamIds: Set<number>;
  /** `${streamId}:${lower(topic)}` */
  mutedTopics: Set<string>;
  /** Topics unmuted or followed, which count even in a muted stream: same keys. */
  unmutedTopics: Set<string>;
  /** Members of each huddle recipient, for user_ids_string. */
  huddleMembers: (recipientId: number) => number[] | undefined;
}

/**
 * The other user of a one-to-one conversation: the sender of a message received, the recipient
 * of one sent (your own, unread when an API client sent it), yourself in messages to yourself.
 */
function otherUserOf(row: UnreadRow, userId: number): number {
  return row.sender_id === userId ? row.recipient_type_id : row.sender_id;
}

export async function unreadMsgs(db: Knex | Knex.Transaction, userId: number, mutes: MuteState): Promise<UnreadMsgs> {
  const rows = await unreadMessages(db, userId);
  const pms = new Map<number, number[]>();
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[]; sender_ids: Set<number> }>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  let count = 0;
  for (const row of rows) {
    // A wildcard mention counts where the message itself counts: not in a muted stream or topic
    // (Zulip's rule; wildcard_mentions_notify decides notifications, not this list).
    let counted = true;
    if (row.stream_id !== null) {
      const key = `${row.stream_id}:${row.subject.toLowerCase()}`;
      let group = streams.get(key);
      if (!group) {
        group = { stream_id: row.stream_id, topic: row.subject, unread_message_ids: [], sender_ids: new Set() };
        streams.set(key, group);
      }
      group.unread_message_ids.push(row.message_id);
      group.sender_ids.add(row.sender_id);
      const streamMuted = mutes.mutedStreamIds.has(row.stream_id) && !mutes.unmutedTopics.has(key);
      counted = !streamMuted && !mutes.mutedTopics.has(key);
      if (counted) count++;
    } else if (isPersonal(row)) {
      const other = otherUserOf(row, userId);
      pms.set(other, [...(pms.get(other) ?? []), row.message_id]);
      count++;
    } else if (isHuddle(row)) {
      const members = mutes.huddleMembers(row.recipient_id) ?? [];
      const key = [...members].sort((a, b) => a - b).join(',');
      huddles.set(key, [...(huddles.get(key) ?? []), row.message_id]);
      count++;
    }
    if (isDirectMention(row.flags) || (isWildcardMention(row.flags) && counted)) mentions.push(row.message_id);
  }
  return {
    pms: [...pms].map(([otherUserId, ids]) => ({ other_user_id: otherUserId, sender_id: otherUserId, unread_message_ids: ids })),
    streams: [...streams.values()].map((g) => ({ ...g, sender_ids: [...g.sender_ids] })),
    huddles: [...huddles].map(([user_ids_string, ids]) => ({ user_ids_string, unread_message_ids: ids })),
    mentions,
    count,
    old_unreads_missing: false,
  };
}
