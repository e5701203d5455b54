import type { Express } from 'express';
import type { Config } from '@chat/config';
import type { Database } from '@chat/db';
import { createServiceApp, type AnyEndpoint, type InternalClient } from '@chat/http';
import type { Logger } from '@chat/log';

export interface WebhookDeps {
  config: Config;
  db: Database;
  logger: Logger;
  /** Calls to other services' internal APIs (posting messages goes through the message service). */
  internal: InternalClient;
}

/**
 * The webhook service: /external/<integration>, one module per integration, each turning a
 * payload into messages through the message service's internal API. Integrations are registered
 * in INTEGRATIONS (none are mounted yet).
 */
export const INTEGRATIONS: AnyEndpoint[] = [];

export function endpoints(_deps: WebhookDeps): AnyEndpoint[] {
  return INTEGRATIONS;
}

export function buildApp(deps: WebhookDeps): Express {
  return createServiceApp({ endpoints: endpoints(deps), internalSecret: deps.config.internalSecret, logger: deps.logger });
}
