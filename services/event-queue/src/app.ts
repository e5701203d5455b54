import type { Express } from 'express';
import type { Config } from '@chat/config';
import type { Database } from '@chat/db';
import { createServiceApp, type AnyEndpoint } from '@chat/http';
import type { Logger } from '@chat/log';
import type { QueueStore } from '@chat/queue-store';
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
}

/** Every endpoint this service serves (the gateway's route table must list each). */
export function endpoints(deps: EventQueueDeps): AnyEndpoint[] {
  return eventEndpoints(deps);
}

/** The event-queue service's HTTP side: /register and /events. Its bus consumer is in ./worker.ts. */
export function buildApp(deps: EventQueueDeps): Express {
  return createServiceApp({
    endpoints: endpoints(deps),
    internalSecret: deps.config.internalSecret,
    logger: deps.logger,
  });
}
