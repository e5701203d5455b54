/**
 * The empty topic (feature levels 334, 370, 372): a channel message may have `""` as its topic
 * when the realm does not require topics. Clients that cannot show `""` (no `empty_topic_name`
 * capability, no `allow_empty_topic_name` on a read, every 2.1 client) see the realm's display
 * name for it instead, `realm_empty_topic_display_name` of /register.
 */
import type { ClientEvent } from './event-map';

/** Zulip's Message.EMPTY_TOPIC_FALLBACK_NAME: what `""` reads as where a client cannot show it. */
export const EMPTY_TOPIC_DISPLAY_NAME = 'general chat';

/** What older clients (and Zulip's own, before level 334) send for "no topic" (level 370). */
export const NO_TOPIC_NAME = '(no topic)';

/**
 * A topic as a client sent it (already stripped): the display name and `(no topic)` name the
 * empty topic, as Zulip's maybe_rename_general_chat_to_empty_topic and
 * maybe_rename_no_topic_to_empty_topic read them.
 */
export function emptyTopicAliasResolved(topic: string): string {
  return topic === EMPTY_TOPIC_DISPLAY_NAME || topic === NO_TOPIC_NAME ? '' : topic;
}

/**
 * A topic a client names to find messages (a narrow, a topic deletion): the display name means
 * `""`, as Zulip's maybe_rename_general_chat_to_empty_topic reads it there; `(no topic)` does not.
 */
export function displayNameResolved(topic: string): string {
  return topic === EMPTY_TOPIC_DISPLAY_NAME ? '' : topic;
}

/** A stored topic as a client that may not see `""` reads it (Zulip's maybe_rename_empty_topic_to_general_chat). */
export function topicForClient(topic: string, allowEmptyTopicName: boolean): string {
  return topic === '' && !allowEmptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : topic;
}

const shown = (topic: string): string => (topic === '' ? EMPTY_TOPIC_DISPLAY_NAME : topic);

/**
 * The event as a queue without the `empty_topic_name` capability gets it: the fields the
 * changelog lists (and the muted_topics pairs 2.1 clients read) carry the display name instead
 * of `""`. Returns the event itself, not a copy, when it names no empty topic, so delivery can
 * tell by identity whether any queue needs the other shape. Message events are handled with the
 * message's rendering variant (finalizeMessage).
 */
export function eventWithEmptyTopicDisplayName(event: ClientEvent): ClientEvent {
  switch (event.type) {
    case 'typing':
    case 'delete_message':
      return 'topic' in event && event.topic === '' ? { ...event, topic: EMPTY_TOPIC_DISPLAY_NAME } : event;
    case 'update_message':
      if (event.subject !== '' && event.orig_subject !== '') return event;
      return {
        ...event,
        ...(event.subject === undefined ? {} : { subject: shown(event.subject) }),
        ...(event.orig_subject === undefined ? {} : { orig_subject: shown(event.orig_subject) }),
      };
    case 'user_topic':
      return event.topic_name === '' ? { ...event, topic_name: EMPTY_TOPIC_DISPLAY_NAME } : event;
    case 'muted_topics':
      if (!event.muted_topics.some(([, topic]) => topic === '')) return event;
      return { ...event, muted_topics: event.muted_topics.map(([stream, topic, at]) => [stream, shown(topic), at]) };
    case 'update_message_flags':
      return event.message_details ? flagsWithDisplayName(event) : event;
    default:
      return event;
  }
}

type FlagsEvent = Extract<ClientEvent, { type: 'update_message_flags' }>;

function flagsWithDisplayName(event: FlagsEvent): FlagsEvent {
  const details = event.message_details!;
  if (!Object.values(details).some((d) => d.type === 'stream' && d.topic === '')) return event;
  const renamed: NonNullable<FlagsEvent['message_details']> = {};
  for (const [id, detail] of Object.entries(details)) {
    renamed[id] = detail.type === 'stream' && detail.topic === '' ? { ...detail, topic: EMPTY_TOPIC_DISPLAY_NAME } : detail;
  }
  return { ...event, message_details: renamed };
}
