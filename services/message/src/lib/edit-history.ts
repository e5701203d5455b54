/**
 * Edit history as Zulip stores it: messages.edit_history, newest first, one entry per edit with
 * the editor, the time and the previous values of what the edit changed. The message dicts and
 * the history endpoint's snapshots are derived from it.
 */
import { toSeconds } from '@chat/db';
import { highlightHtmlDifferences } from './html-diff';
import { resolveChange } from './resolved-topic';

/** One stored edit, newest first in messages.edit_history (Zulip's stored format). */
export interface EditHistoryEntry {
  user_id: number;
  timestamp: number;
  prev_subject?: string;
  /** A topic edit's topics before and after it (feature level 118), beside 2.1's prev_subject. */
  prev_topic?: string;
  topic?: string;
  /** A move to another stream: the stream ids before and after it (Zulip's stored format). */
  prev_stream?: number;
  stream?: number;
  prev_content?: string;
  prev_rendered_content?: string;
  prev_rendered_content_version?: number;
}

/** messages.edit_history as a driver returns it: jsonb parsed, or its text. */
export type StoredEditHistory = EditHistoryEntry[] | string | null;

export function parseEditHistory(value: StoredEditHistory): EditHistoryEntry[] | null {
  if (value === null) return null;
  return typeof value === 'string' ? (JSON.parse(value) as EditHistoryEntry[]) : value;
}

/**
 * Names each topic edit's topics as clients since feature level 118 read them. The history is
 * newest first and stores only the topic before each edit, so the topic after an edit is the
 * current one for the newest, and the previous topic of the next newer topic edit otherwise.
 */
export function withTopicNames(history: EditHistoryEntry[] | null, currentTopic: string): EditHistoryEntry[] | null {
  if (history === null) return null;
  let topicAfter = currentTopic;
  return history.map((entry) => {
    if (entry.prev_subject === undefined) return entry;
    const named = { ...entry, prev_topic: entry.prev_subject, topic: topicAfter };
    topicAfter = entry.prev_subject;
    return named;
  });
}

/**
 * When the message last moved to another stream or topic (feature level 365), from its history
 * with topic names (withTopicNames): resolving or unresolving its topic is not a move.
 */
export function lastMovedTimestamp(named: EditHistoryEntry[] | null): number | undefined {
  for (const entry of named ?? []) {
    if (entry.prev_stream !== undefined) return entry.timestamp;
    if (entry.prev_topic !== undefined && resolveChange(entry.prev_topic, entry.topic ?? '') === undefined) return entry.timestamp;
  }
  return undefined;
}

/** What a message's history snapshots start from: the message as it is now. */
export interface CurrentMessage {
  subject: string;
  content: string;
  rendered_content: string;
  edit_history: StoredEditHistory;
  date_sent: Date;
  sender_id: number;
}

/** Snapshots oldest first: the original, then one per edit (Zulip's fill_edit_history_entries). */
export function historySnapshots(message: CurrentMessage): Record<string, unknown>[] {
  let topic = message.subject;
  let content = message.content;
  let renderedContent = message.rendered_content;
  const snapshots: Record<string, unknown>[] = [];
  for (const entry of parseEditHistory(message.edit_history) ?? []) {
    const snapshot: Record<string, unknown> = {
      topic,
      content,
      rendered_content: renderedContent,
      timestamp: entry.timestamp,
      user_id: entry.user_id,
    };
    if (entry.prev_subject !== undefined) {
      topic = entry.prev_subject;
      snapshot.prev_topic = topic;
    }
    if (entry.prev_stream !== undefined) {
      snapshot.prev_stream = entry.prev_stream;
      snapshot.stream = entry.stream;
    }
    if (entry.prev_content !== undefined) {
      const newer = renderedContent;
      content = entry.prev_content;
      renderedContent = entry.prev_rendered_content ?? '';
      snapshot.prev_content = content;
      snapshot.prev_rendered_content = renderedContent;
      snapshot.content_html_diff = highlightHtmlDifferences(renderedContent, newer);
    }
    snapshots.push(snapshot);
  }
  snapshots.push({
    topic,
    content,
    rendered_content: renderedContent,
    timestamp: toSeconds(message.date_sent),
    user_id: message.sender_id,
  });
  return snapshots.reverse();
}
