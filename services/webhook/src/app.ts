import type { Express } from 'express';
import { acceptedInternalSecrets, type Config } from '@chat/config';
import type { Database } from '@chat/db';
import { webhookEndpoints } from '@chat/contracts';
import { createServiceApp, type AnyEndpoint, type InternalClient } from '@chat/http';
import type { Logger } from '@chat/log';
import { webhookEndpoint } from './framework/endpoint';
import { INTEGRATIONS } from './integrations/registry';
import type { Integration } from './framework/integration';

export interface WebhookDeps {
  config: Config;
  db: Database;
  logger: Logger;
  /** Calls to other services' internal APIs (posting messages goes through the message service). */
  internal: InternalClient;
}

export { INTEGRATIONS };
export type { Integration, WebhookMessage, WebhookRequest } from './framework/integration';

/**
 * The webhook service: /external/<integration>, one module per integration (src/integrations),
 * each turning a payload into messages posted through the message service's internal API.
 */
export function endpoints(deps: WebhookDeps): AnyEndpoint[] {
  const endpointDeps = { db: deps.db.knex, internal: deps.internal, logger: deps.logger };
  return Object.values(webhookEndpoints).map((contract) => webhookEndpoint(contract, integrationFor(contract.name), endpointDeps));
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
