/**
 * JSON schemas of the events clients receive, one file per area (message.ts, subscription.ts,
 * settings.ts, ...), collected here by event type. Tests validate emitted events against them.
 */
import type { JsonSchema } from './types';
import { attachmentEventSchemas } from './attachments';
import { coreEventSchemas } from './core';
import { groupsRealmEventSchemas } from './groups-realm';
import { messageEventSchemas } from './message';
import { linkifierEventSchemas } from './message-linkifiers';
import { presenceTypingEventSchemas } from './presence-typing';
import { settingsEventSchemas } from './settings';
import { subscriptionEventSchemas } from './subscription';

export type { JsonSchema } from './types';

export const EVENT_SCHEMAS: Record<string, JsonSchema> = {
  ...attachmentEventSchemas,
  ...coreEventSchemas,
  ...groupsRealmEventSchemas,
  ...messageEventSchemas,
  ...linkifierEventSchemas,
  ...presenceTypingEventSchemas,
  ...settingsEventSchemas,
  ...subscriptionEventSchemas,
};
