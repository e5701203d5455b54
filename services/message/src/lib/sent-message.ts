/** A message just sent, as the background work it asks for reads it (outgoing webhooks, missed-message e-mails). */
import type { UserRow } from '@chat/db';
import type { MessageRecipient } from '@chat/events';

export interface SentMessage {
  id: number;
  sender: UserRow;
  kind: 'stream' | 'private';
  /** A private message's members (the sender among them); none for a stream message. */
  members: UserRow[];
  users: MessageRecipient[];
  mentioned: Set<number>;
  /** Those mentioned by name (the others in `mentioned` were mentioned through a group). */
  personallyMentioned: Set<number>;
  /** The user groups the message mentions, in the order it names them. */
  mentionedGroupIds: number[];
  /** A stream message's stream, topic and what its subscribers' notifications depend on; null for a private message. */
  stream: { id: number; topic: string; subscribers: Map<number, SubscriberFacts> } | null;
}

/**
 * What the notification decision reads of a stream message's recipient (Zulip's
 * get_recipient_info), fetched by the send's one recipients statement.
 */
export interface SubscriberFacts {
  isBot: boolean;
  /** users.settings: absent keys have their defaults. */
  settings: Record<string, unknown>;
  /** The subscription's is_muted. */
  streamMuted: boolean;
  /** The topic's visibility policy for them (TOPIC_VISIBILITY; INHERIT without a row). */
  topicPolicy: number;
  /** The subscription's own settings; null: the user's global one. */
  push: boolean | null;
  email: boolean | null;
  desktop: boolean | null;
  wildcard: boolean | null;
}
