import type { Express } from 'express';
import { takeWebPrefix, type Authenticator } from '@chat/auth';
import { acceptedInternalSecrets, type Config } from '@chat/config';
import type { Database } from '@chat/db';
import { API_PREFIX, createServiceApp, type AnyEndpoint, type RateLimiter } from '@chat/http';
import type { Logger } from '@chat/log';
import type { QueueStore } from '@chat/queue-store';
import { directAuthentication, directIdentity } from './direct-auth';
import type { LocalPolls } from './polls';
import { eventEndpoints } from './routes/events';

export interface EventQueueDeps {
  config: Config;
  db: Database;
  store: QueueStore;
  logger: Logger;
  /** Overrides the 45-55 s heartbeat delay (tests). */
  heartbeatMs?: () => number;
  /** The polls parked in this process (see ./polls.ts). */
  polls: LocalPolls;
  /**
   * Given when clients may reach this process without the gateway (the ingress routes /register
   * and /events here): their HTTP Basic credentials are checked here, see ./direct-auth.ts.
   */
  authenticator?: Authenticator;
  /** Counts the requests authenticated with `authenticator` (they skipped the gateway's limiter). */
  rateLimiter?: RateLimiter;
}

/** Every endpoint this service serves (the gateway's route table must list each). */
export function endpoints(deps: EventQueueDeps): AnyEndpoint[] {
  return eventEndpoints(deps);
}

/** The event-queue service's HTTP side: /register and /events. Its bus consumer is in ./worker.ts. */
export function buildApp(deps: EventQueueDeps): Express {
  return createServiceApp({
    endpoints: endpoints(deps),
    internalSecret: acceptedInternalSecrets(deps.config),
    logger: deps.logger,
    extraRoutes: (app) => {
      // /json/register and /json/events: a browser's, sent here by the ingress (see direct-auth.ts).
      app.use((req, _res, next) => {
        takeWebPrefix(req);
        next();
      });
      if (deps.authenticator) app.use(API_PREFIX, directAuthentication(directIdentity(deps.authenticator, deps.db.knex, deps.config.externalHost), deps.rateLimiter));
    },
  });
}
