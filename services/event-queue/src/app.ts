import type { Express } from 'express';
import { takeWebPrefix } from '@chat/auth';
import { acceptedInternalSecrets } from '@chat/config';
import { API_PREFIX, createServiceApp, type AnyEndpoint } from '@chat/http';
import type { EventQueueDeps } from './deps';
import { directAuthentication, directIdentityOf } from './direct-auth';
import { eventEndpoints } from './routes/events';

export type { EventQueueDeps };

/** Every endpoint this service serves (the gateway's route table must list each). */
export function endpoints(deps: EventQueueDeps): AnyEndpoint[] {
  return eventEndpoints(deps);
}

/** The event-queue service's HTTP side: /register and /events. Its bus consumer is in ./consumers/worker.ts. */
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
      const identify = directIdentityOf(deps);
      if (identify) app.use(API_PREFIX, directAuthentication(identify, deps.rateLimiter));
    },
  });
}
