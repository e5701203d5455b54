/**
 * Unread counts as Zulip's left sidebar shows them: per stream (leaving out muted topics, and in a
 * muted stream everything but its unmuted or followed topics), per topic, per private
 * conversation, mentions, and the total of the home view ("All messages").
 */
import { isTopicMuted } from './state';
import type { AppState } from './types';

export interface UnreadCounts {
  /** Unmuted unreads per stream id. */
  streams: Record<number, number>;
  /** Every unread per stream id, then per topic as first seen (muted ones too: the topic list shows them). */
  topics: Record<number, Record<string, number>>;
  /** Per private conversation key (pmKey). */
  private: Record<string, number>;
  privateTotal: number;
  mentions: number;
  /** All messages: private ones and unmuted stream ones. */
  home: number;
}

export function unreadCounts(state: AppState): UnreadCounts {
  const counts: UnreadCounts = { streams: {}, topics: {}, private: {}, privateTotal: 0, mentions: 0, home: 0 };
  const topicNames: Record<string, string> = {};
  const muted: Record<string, boolean> = {};
  for (const entry of Object.values(state.unread)) {
    if (entry.mentioned) counts.mentions += 1;
    if (entry.kind === 'private') {
      counts.private[entry.key] = (counts.private[entry.key] ?? 0) + 1;
      counts.privateTotal += 1;
      counts.home += 1;
      continue;
    }
    const lower = `${entry.stream_id}:${entry.topic.toLowerCase()}`;
    const name = (topicNames[lower] ??= entry.topic);
    const topics = (counts.topics[entry.stream_id] ??= {});
    topics[name] = (topics[name] ?? 0) + 1;
    const isMuted = (muted[lower] ??= isTopicMuted(state, entry.stream_id, entry.topic));
    if (isMuted) continue;
    counts.streams[entry.stream_id] = (counts.streams[entry.stream_id] ?? 0) + 1;
    if (state.subs[entry.stream_id]) counts.home += 1;
  }
  return counts;
}
