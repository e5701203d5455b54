/**
 * The event map: every event type clients receive, by name, with its schema and what the rest of
 * the system needs to know about it. One file per area (message.ts, subscription.ts, settings.ts,
 * ...) declares each event once, as a TypeBox schema; its TypeScript type is derived from it
 * (../event-map.ts), so an event a service builds is checked against the same declaration the
 * tests validate emitted events with.
 */
import type { TSchema } from '@sinclair/typebox';
import { attachmentEvents } from './attachments';
import { coreEvents } from './core';
import type { EventDefinition } from './define';
import { groupsRealmEvents } from './groups-realm';
import { inviteEvents } from './invites';
import { messageEvents } from './message';
import { linkifierEvents } from './message-linkifiers';
import { presenceTypingEvents } from './presence-typing';
import { realmDomainEvents } from './realm-domains';
import { settingsEvents } from './settings';
import { subscriptionEvents } from './subscription';

export type { EventDefinition } from './define';

/** Every event type's definition, by name (the order of EVENT_TYPES; nothing depends on it). */
export const EVENT_DEFINITIONS = {
  ...messageEvents,
  ...coreEvents,
  ...subscriptionEvents,
  ...settingsEvents,
  ...groupsRealmEvents,
  ...presenceTypingEvents,
  ...linkifierEvents,
  ...attachmentEvents,
  ...realmDomainEvents,
  ...inviteEvents,
};

type Definitions = typeof EVENT_DEFINITIONS;

/** Each event type's schema, by name. */
export type EventSchemas = { readonly [K in keyof Definitions]: Definitions[K]['schema'] };

/**
 * The JSON schemas of the events clients receive, by event type, for ajv
 * (`ajv.compile(EVENT_SCHEMAS.typing)`). Looking up a type read off the wire gives a schema or
 * undefined.
 */
export const EVENT_SCHEMAS: EventSchemas & { readonly [type: string]: TSchema | undefined } = schemasOf(EVENT_DEFINITIONS);

function schemasOf(definitions: Definitions): EventSchemas {
  const entries = Object.entries(definitions).map(([type, definition]: [string, EventDefinition]) => [type, definition.schema]);
  // Object.fromEntries cannot know the keys; they are the definitions' keys, one schema each.
  return Object.fromEntries(entries) as EventSchemas;
}

/**
 * The parts answers reuse (@chat/contracts declares answers with them, so a message dict, a
 * stream or a user is one schema wherever it appears).
 */
export { closedObject, stringEnum } from './define';
export { MessageDict, MessageFlags, messageDictWith } from './message';
export { AlertWordsEvent, ProfileFieldDict, UserGroupDict } from './groups-realm';
export { RealmFiltersEvent } from './message-linkifiers';
export { ClientPresence } from './presence-typing';
export { RealmDomainDict } from './realm-domains';
export { AddedPerson, BotDict, MutedUsersEvent, RealmEmojiDict } from './settings';
export { DefaultStreamGroupsEvent, MutedTopicsEvent, StreamDict, SubscriptionDict, UserTopicEvent } from './subscription';
