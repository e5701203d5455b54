/** Every endpoint of the server, by owning service. */
import type { AnyContract } from '../contract';
import { eventQueueEndpoints } from './event-queue';
import { messageEndpoints } from './message';
import { settingsEndpoints } from './settings';
import { subscriptionEndpoints } from './subscription';
import { webhookCatalogueEndpoints, webhookConfirmationEndpoints, webhookEndpoints } from './webhook';

export * from './event-queue';
export * from './message';
export * from './settings';
export * from './subscription';
export * from './webhook';

export const CONTRACTS: readonly AnyContract[] = [
  ...Object.values(settingsEndpoints),
  ...Object.values(subscriptionEndpoints),
  ...Object.values(messageEndpoints),
  ...Object.values(eventQueueEndpoints),
  ...Object.values(webhookEndpoints),
  ...Object.values(webhookCatalogueEndpoints),
  ...Object.values(webhookConfirmationEndpoints),
];
export { OIDC_CALLBACK_PATH } from './settings-external-auth';
