/**
 * The TypeScript side of the event map (./schemas): each event type's type, derived from its
 * schema, and the lists other packages need, derived from each event's definition.
 */
import type { Static } from '@sinclair/typebox';
import { EVENT_DEFINITIONS, type EventSchemas } from './schemas';

/** Every event type with a schema. */
export type EventType = keyof EventSchemas;

/** Each event type's event as a client receives it from GET /events, with the queue's `id`. */
export type EventMap = { [K in EventType]: Static<EventSchemas[K]> };

/** Omit over each member of a union (Omit over the union itself keeps only the common keys). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event as a service builds it and the bus carries it: the queue gives it its `id` later. */
export type ClientEvent = DistributiveOmit<EventMap[EventType], 'id'>;

/** The event of one type as a service builds it, e.g. EventOf<'typing'>. */
export type EventOf<T extends EventType> = Extract<ClientEvent, { type: T }>;

/**
 * An event whatever its type, for the code that only carries events (the queues, the bus's
 * tests): its type and its fields.
 */
export interface GenericEvent {
  type: string;
  [key: string]: unknown;
}

// Object.keys cannot know the keys: they are exactly EventType, the definitions' keys.
const eventTypes = Object.keys(EVENT_DEFINITIONS) as EventType[];

/**
 * The event types a queue can ask for (event_types of /register). `message` and `heartbeat`
 * are the spec's; the rest are Zulip 2.1's and are emitted by the services that own them.
 */
export const EVENT_TYPES: readonly EventType[] = eventTypes.filter((type) => EVENT_DEFINITIONS[type].listedInEventTypes);

/**
 * Event types that change what /register shows identically to every member of a realm (its
 * settings, users and bots, emoji, profile fields, groups, default streams, and the streams
 * those name). The event-queue service caches that part per realm state version.
 */
export const REALM_WIDE_EVENT_TYPES: ReadonlySet<string> = new Set(eventTypes.filter((type) => EVENT_DEFINITIONS[type].realmWide));
