/**
 * The checks on a message's text that a send and an edit share (Zulip's check_message and
 * validate_topic): what a topic, a content and a stream name may be, and how they are shortened.
 */
import { MAX_STREAM_NAME_LENGTH, MAX_TOPIC_LENGTH, nulInContent, truncateContent } from '@chat/contracts';
import { emptyTopicAliasResolved } from '@chat/events';
import { badRequest } from '@chat/errors';

// Declared with the parameters (POST /messages/render truncates as a send does); edits use it too.
export { truncateContent };

/** Topics over 60 characters keep their first 57 and "..." (Zulip's truncate_topic). */
export function truncateTopic(topic: string): string {
  const chars = [...topic];
  return chars.length > MAX_TOPIC_LENGTH ? `${chars.slice(0, MAX_TOPIC_LENGTH - 3).join('')}...` : topic;
}

export function checkContent(raw: string): string {
  const content = raw.trimEnd();
  if (content === '') throw badRequest('Message must not be empty');
  if (content.includes('\x00')) throw nulInContent();
  return truncateContent(content);
}

/**
 * Zulip's validate_topic (on send and edit): stripped, the empty topic's other names (its display
 * name, `(no topic)`) read as `""`, truncated. Whether `""` is allowed is the realm's
 * (checkTopicAllowed), read only for an empty topic.
 */
export function checkTopic(raw: string): string {
  return truncateTopic(emptyTopicAliasResolved(raw.trim()));
}

/** A realm that requires topics (mandatory_topics) refuses the empty topic, with 2.1's error. */
export function checkTopicAllowed(topic: string, topicsRequired: boolean): void {
  if (topic === '' && topicsRequired) throw badRequest("Topic can't be empty");
}

export function checkStreamName(name: string): void {
  if (name.trim() === '') throw badRequest(`Invalid stream name '${name}'`);
  if ([...name].length > MAX_STREAM_NAME_LENGTH) {
    throw badRequest(`Stream name too long (limit: ${MAX_STREAM_NAME_LENGTH} characters).`);
  }
  if (name.includes('\x00')) throw badRequest(`Stream name '${name}' contains NULL (0x00) characters.`);
}
