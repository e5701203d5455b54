/**
 * What Notification Bot says about a move or a resolve, in Zulip's words (do_update_message and
 * maybe_send_resolve_topic_notifications): the count variants follow how many messages moved and
 * whether the whole topic (as the mover sees it) went.
 */
import type { ResolveChange } from './resolved-topic';

export interface MovedThread {
  streamName: string;
  topic: string;
}

/** Zulip's silent_mention_syntax_for_user. */
export function silentMention(user: { full_name: string; id: number }): string {
  return `@_**${user.full_name}|${user.id}**`;
}

/** Zulip's get_stream_topic_link_syntax: a link to the stream's topic. */
export function topicLink(thread: MovedThread): string {
  return `#**${thread.streamName}>${thread.topic}**`;
}

export function resolveNoticeText(change: ResolveChange, mention: string): string {
  return `${mention} has marked this topic as ${change}.`;
}

export interface MoveSummary {
  /** How many messages moved. */
  count: number;
  /** Whether no message the mover can read stayed behind in the old topic. */
  movedAll: boolean;
}

/** To the old thread. */
export function oldThreadNoticeText(summary: MoveSummary, to: MovedThread, mention: string): string {
  const place = topicLink(to);
  if (summary.movedAll) return `This topic was moved to ${place} by ${mention}.`;
  if (summary.count === 1) return `A message was moved from this topic to ${place} by ${mention}.`;
  return `${summary.count} messages were moved from this topic to ${place} by ${mention}.`;
}

/** To the new thread; `joinedOthers`: the mover could read messages already there. */
export function newThreadNoticeText(
  summary: MoveSummary & { joinedOthers: boolean; messageLink: string },
  from: MovedThread,
  mention: string,
): string {
  const place = topicLink(from);
  if (summary.movedAll && !summary.joinedOthers) return `This topic was moved here from ${place} by ${mention}.`;
  if (summary.count === 1) return `[A message](${summary.messageLink}) was moved here from ${place} by ${mention}.`;
  return `${summary.count} messages were moved here from ${place} by ${mention}.`;
}
