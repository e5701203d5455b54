/**
 * unread_msgs of /register (Zulip's get_raw_unread_data + aggregate_unread_data): unread
 * messages grouped by private sender, by stream and topic, by group of users, the mentions, and a
 * count that leaves out muted streams and topics.
 */
import type { Knex } from 'knex';
import { isHuddle, isMention, isPersonal, unreadMessages } from '@chat/db';

export interface UnreadMsgs {
  /** other_user_id names the conversation (feature level 119); sender_id is its 2.1 name, kept for older clients. */
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

export async function unreadMsgs(db: Knex | Knex.Transaction, userId: number, mutes: MuteState): Promise<UnreadMsgs> {
  const rows = await unreadMessages(db, userId);
  const pms = new Map<number, number[]>();
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[]; sender_ids: Set<number> }>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  let count = 0;
  for (const row of rows) {
    if (isMention(row.flags)) mentions.push(row.message_id);
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
      if (!streamMuted && !mutes.mutedTopics.has(key)) count++;
    } else if (isPersonal(row)) {
      pms.set(row.sender_id, [...(pms.get(row.sender_id) ?? []), row.message_id]);
      count++;
    } else if (isHuddle(row)) {
      const members = mutes.huddleMembers(row.recipient_id) ?? [];
      const key = [...members].sort((a, b) => a - b).join(',');
      huddles.set(key, [...(huddles.get(key) ?? []), row.message_id]);
      count++;
    }
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
