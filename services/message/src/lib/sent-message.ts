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
  /** A stream message's stream and topic; null for a private message. */
  stream: { id: number; topic: string } | null;
}
