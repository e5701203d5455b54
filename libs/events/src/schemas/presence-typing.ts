import { Type } from '@sinclair/typebox';
import { bool, closedObject, defineEvent, eventObject, int, num, str, stringEnum } from './define';

/**
 * Presence, user status and typing events in Zulip 2.1's shapes (zerver/lib/actions.py:
 * send_presence_changed, do_update_user_status, send_typing_notification).
 */
const Person = closedObject({ user_id: int, email: str });

/** One client's presence (UserPresence.to_dict). */
export const ClientPresence = closedObject({ client: str, status: stringEnum(['active', 'idle']), timestamp: int, pushable: bool });

export const PresenceEvent = eventObject('presence', {
  // Today's clients key presence by user id; 2.1's by e-mail.
  user_id: int,
  email: str,
  server_timestamp: num,
  presence: Type.Record(str, ClientPresence, { minProperties: 1, maxProperties: 1 }),
});

export const UserStatusEvent = eventObject('user_status', { user_id: int, away: Type.Optional(bool), status_text: Type.Optional(str) });

/**
 * A private conversation's typing names its members; a topic's (feature level 58, only for
 * queues with stream_typing_notifications) its stream and topic.
 */
export const TypingEvent = Type.Union([
  eventObject('typing', {
    op: stringEnum(['start', 'stop']),
    message_type: Type.Literal('direct'),
    sender: Person,
    recipients: Type.Array(Person, { minItems: 1 }),
  }),
  eventObject('typing', {
    op: stringEnum(['start', 'stop']),
    message_type: Type.Literal('stream'),
    sender: Person,
    stream_id: int,
    topic: str,
  }),
]);

export const presenceTypingEvents = {
  presence: defineEvent(PresenceEvent),
  user_status: defineEvent(UserStatusEvent),
  typing: defineEvent(TypingEvent),
};
