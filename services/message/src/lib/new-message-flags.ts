/** The per-user flags of a new message (Zulip's create_user_messages), stored and as events show them. */
import type { MessageRecipient } from '@chat/events';
import { FLAG_BITS, flagNames } from './flags';

export interface NewMessageFlagInput {
  senderId: number;
  isPrivate: boolean;
  /** Whether the sender's copy starts read (read_by_sender, or the sending client's kind). */
  readBySender: boolean;
  /** Every recipient's copy starts read (an archived stream's notice). */
  readByEveryone?: boolean;
  /** Recipients whose copy starts read regardless (Zulip's mark_as_read_for_acting_user). */
  readFor?: Set<number>;
  /** Recipients mentioned by name or through a group. */
  mentioned: Set<number>;
  /** A loud stream wildcard (@**all**, @**channel**, ...): every recipient is mentioned. */
  streamWildcard: boolean;
  /** With a loud @**topic**: the topic's participants (empty otherwise, and for private messages). */
  topicParticipants: Set<number>;
  /** Recipients with an alert word in the message. */
  alerted: Set<number>;
  /** Recipients who muted the sender: the message arrives read for them (Zulip from level 48). */
  mutedBy: Set<number>;
}

export interface NewMessageFlags {
  /** Each recipient's stored flags (is_private included). */
  bits: { id: number; flags: number }[];
  /** Each recipient's flags as the API shows them (is_private never, wildcard_mentioned with either wildcard). */
  users: MessageRecipient[];
}

export function newMessageFlags(userIds: number[], input: NewMessageFlagInput): NewMessageFlags {
  let base = 0;
  if (input.streamWildcard) base |= FLAG_BITS.stream_wildcard_mentioned!;
  if (input.isPrivate) base |= FLAG_BITS.is_private!;
  // Most recipients share a few flag sets: each set's names are built once.
  const namesOf = new Map<number, MessageRecipient['flags']>();
  const bits: NewMessageFlags['bits'] = [];
  const users: MessageRecipient[] = [];
  for (const id of userIds) {
    let flags = base;
    if ((id === input.senderId && input.readBySender) || input.mutedBy.has(id) || input.readFor?.has(id) || input.readByEveryone) {
      flags |= FLAG_BITS.read!;
    }
    if (input.mentioned.has(id)) flags |= FLAG_BITS.mentioned!;
    if (input.topicParticipants.has(id)) flags |= FLAG_BITS.topic_wildcard_mentioned!;
    if (input.alerted.has(id)) flags |= FLAG_BITS.has_alert_word!;
    let names = namesOf.get(flags);
    if (names === undefined) {
      names = flagNames(flags);
      namesOf.set(flags, names);
    }
    bits.push({ id, flags });
    users.push({ id, flags: names });
  }
  return { bits, users };
}
