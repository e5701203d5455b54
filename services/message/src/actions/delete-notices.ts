/**
 * The notices of a deletion: one delete_message event listing every message for queues that
 * declared bulk_message_deletion, and 2.1's one event per message for the others (each to the
 * users who had that message, and the deleter).
 */
import { noticesByCapability, type ClientEvent, type UserEventNotice } from '@chat/events';

export interface DeletedMessage {
  id: number;
  senderId: number;
  senderEmail: string;
  /** Who had it (their user_messages rows). */
  holders: number[];
}

/** Where the deleted messages were: one stream's topic, or one private conversation. */
export type DeletedPlace = { streamId: number; topic: string } | { recipientId: number };

/**
 * The deleter hears of it too, whether or not they had the messages (feature level 274); a move
 * that takes messages away from some users has no deleter.
 */
export function deleteMessageNotices(
  realmId: number,
  messages: DeletedMessage[],
  place: DeletedPlace,
  deleterId: number | undefined,
): UserEventNotice[] {
  if (messages.length === 0) return [];
  const withDeleter = (ids: number[]) => [...new Set(deleterId === undefined ? ids : [...ids, deleterId])].sort((a, b) => a - b);
  const where =
    'streamId' in place
      ? ({ message_type: 'stream', stream_id: place.streamId, topic: place.topic } as const)
      : ({ message_type: 'private' } as const);
  const bulk: ClientEvent = { type: 'delete_message', message_ids: messages.map((m) => m.id).sort((a, b) => a - b), ...where };
  const everyone = withDeleter(messages.flatMap((m) => m.holders));
  const legacy = messages.flatMap((message) =>
    noticesByCapability(
      realmId,
      'bulk_message_deletion',
      { declared: [], otherwise: [legacyEvent(message, place)] },
      withDeleter(message.holders),
    ),
  );
  return [...noticesByCapability(realmId, 'bulk_message_deletion', { declared: [bulk], otherwise: [] }, everyone), ...legacy];
}

function legacyEvent(message: DeletedMessage, place: DeletedPlace): ClientEvent {
  const deleted = { type: 'delete_message', sender: message.senderEmail, sender_id: message.senderId, message_id: message.id } as const;
  return 'streamId' in place
    ? { ...deleted, message_type: 'stream', stream_id: place.streamId, topic: place.topic }
    : { ...deleted, message_type: 'private', recipient_id: place.recipientId };
}
