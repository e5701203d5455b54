import type { Express } from 'express';
import { acceptedInternalSecrets } from '@chat/config';
import { webhookConfirmationEndpoints, webhookEndpoints } from '@chat/contracts';
import { createServiceApp, implement, type AnyEndpoint } from '@chat/http';
import type { WebhookDeps } from './deps';
import { listIntegrationsEndpoint } from './framework/catalogue';
import { webhookEndpoint } from './framework/endpoint';
import { INTEGRATIONS } from './integrations/registry';
import type { Integration } from './framework/integration';

export type { WebhookDeps };
export { INTEGRATIONS };
export type { Integration, WebhookMessage, WebhookRequest } from './framework/integration';

/**
 * The webhook service: /external/<integration>, one module per integration (src/integrations),
 * each turning a payload into messages posted through the message service's internal API, and
 * GET /integrations listing them.
 */
export function endpoints(deps: WebhookDeps): AnyEndpoint[] {
  const endpointDeps = { db: deps.db.knex, internal: deps.internal, logger: deps.logger };
  return [
    ...Object.values(webhookEndpoints).map((contract) => webhookEndpoint(contract, integrationFor(contract.name), endpointDeps)),
    listIntegrationsEndpoint(integrationFor),
    // Authenticated like a post; nothing else to do.
    ...Object.values(webhookConfirmationEndpoints).map((contract) => implement(contract, async () => ({}))),
  ];
}

/** The module behind a declared integration; a declaration without one is a build mistake. */
function integrationFor(name: string): Integration {
  const integration = INTEGRATIONS.find((i) => i.name === name);
  if (!integration) throw new Error(`the integration ${name} is declared but has no module`);
  return integration;
}

export function buildApp(deps: WebhookDeps): Express {
  return createServiceApp({ endpoints: endpoints(deps), internalSecret: acceptedInternalSecrets(deps.config), logger: deps.logger });
}
