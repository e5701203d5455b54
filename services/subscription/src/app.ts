import type { Express } from 'express';
import type { Config } from '@chat/config';
import type { Database } from '@chat/db';
import { createServiceApp } from '@chat/http';
import type { Logger } from '@chat/log';
import { subscriptionEndpoints } from './routes/subscriptions';

export interface SubscriptionDeps {
  config: Config;
  db: Database;
  logger: Logger;
}

/** The subscription service: streams, subscriptions, their properties, muted topics. */
export function buildApp(deps: SubscriptionDeps): Express {
  return createServiceApp({
    endpoints: subscriptionEndpoints(deps),
    internalSecret: deps.config.internalSecret,
    logger: deps.logger,
  });
}
