/**
 * Resolved topics (Zulip's RESOLVED_TOPIC_PREFIX): resolving renames a topic to "✔ " + topic and
 * unresolving renames it back. Only these two renames count: any other rename, "✔ ✔ topic" of a
 * resolved one included, is a plain topic edit.
 */
import { badRequest } from '@chat/errors';

export const RESOLVED_TOPIC_PREFIX = '✔ ';

export type ResolveChange = 'resolved' | 'unresolved';

/** What renaming `oldTopic` to `newTopic` does to its resolved state (build_message_edit_request). */
export function resolveChange(oldTopic: string, newTopic: string): ResolveChange | undefined {
  const wasResolved = oldTopic.startsWith(RESOLVED_TOPIC_PREFIX);
  const isResolved = newTopic.startsWith(RESOLVED_TOPIC_PREFIX);
  if (isResolved && !wasResolved && newTopic.slice(RESOLVED_TOPIC_PREFIX.length) === oldTopic) return 'resolved';
  // Zulip strips every leading check mark and space (str.lstrip of the prefix's characters).
  if (wasResolved && !isResolved && oldTopic.replace(/^[✔ ]+/u, '') === newTopic) return 'unresolved';
  return undefined;
}

/** A topic of the prefix alone would resolve nothing (validate_message_edit_payload). */
export function checkResolvableTopic(topic: string): void {
  if (topic === RESOLVED_TOPIC_PREFIX.trim()) throw badRequest('General chat cannot be marked as resolved');
}
