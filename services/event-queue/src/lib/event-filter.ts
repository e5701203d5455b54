/**
 * Which events a queue accepts (Zulip's ClientDescriptor.accepts_event and build_narrow_filter):
 * its event_types, and for messages its narrow.
 */
import { displayNameResolved } from '@chat/events';
import type { QueueDescriptor } from '@chat/queue-store';

/**
 * Register-time narrows allow only these operators (check_narrow_for_events); `channel` is the
 * name `stream` has had since feature level 250. Operands are names, never ids, as in Zulip.
 */
export const SUPPORTED_NARROW_OPERATORS = new Set(['stream', 'channel', 'topic', 'sender', 'is']);

/** The message fields a narrow looks at (Zulip's fixtures leave out what a case does not need). */
export interface FilterableMessage {
  type?: string;
  display_recipient?: unknown;
  subject?: string;
  topic?: string;
  sender_email?: string;
}

export function acceptsEventType(queue: Pick<QueueDescriptor, 'eventTypes'>, type: string): boolean {
  return queue.eventTypes === null || queue.eventTypes.includes(type);
}

/** Zulip's ClientDescriptor.accepts_messages: the queues whose user counts as present. */
export function acceptsMessages(queue: Pick<QueueDescriptor, 'eventTypes'>): boolean {
  return acceptsEventType(queue, 'message');
}

export function matchesNarrow(narrow: [string, string][], message: FilterableMessage | null, flags: string[] | null): boolean {
  const msg = message ?? {};
  const flagList = flags ?? [];
  return narrow.every(([operator, operand]) => {
    const wanted = operand.toLowerCase();
    switch (operator) {
      case 'stream':
      case 'channel':
        return msg.type === 'stream' && String(msg.display_recipient).toLowerCase() === wanted;
      case 'topic':
        // The display name narrows to the empty topic, as in GET /messages (no stored topic has that name).
        return msg.type === 'stream' && (msg.subject ?? msg.topic ?? '').toLowerCase() === displayNameResolved(wanted);
      case 'sender':
        return (msg.sender_email ?? '').toLowerCase() === wanted;
      case 'is':
        return matchesIs(operand, msg, flagList);
      default:
        return false;
    }
  });
}

function matchesIs(operand: string, message: FilterableMessage, flags: string[]): boolean {
  switch (operand) {
    // is:dm is the name is:private has had since feature level 177.
    case 'private':
    case 'dm':
      return message.type === 'private';
    case 'starred':
      return flags.includes('starred');
    case 'unread':
      return !flags.includes('read');
    case 'alerted':
    case 'mentioned':
      return flags.includes('mentioned');
    default:
      return false;
  }
}
