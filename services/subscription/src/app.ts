import type { Express } from 'express';
import { acceptedInternalSecrets, type Config } from '@chat/config';
import type { Database } from '@chat/db';
import { createServiceApp, type AnyEndpoint, type InternalClient } from '@chat/http';
import type { Logger } from '@chat/log';
import type { Renderer } from '@chat/render-pool';
import { defaultStreamGroupEndpoints } from './routes/default-stream-groups';
import { defaultStreamEndpoints } from './routes/default-streams';
import { invitedStreamEndpoints } from './routes/invited-streams';
import { memberEndpoints } from './routes/members';
import { mutedTopicEndpoints } from './routes/muted-topics';
import { streamEndpoints } from './routes/streams';
import { subscriptionEndpoints, subscriptionPropertyEndpoints } from './routes/subscriptions';

export interface SubscriptionDeps {
  config: Config;
  db: Database;
  logger: Logger;
  /** Calls to other services' internal APIs (posting messages goes through the message service). */
  internal: InternalClient;
  /** Renders stream descriptions off the event loop, under a deadline: the process's one render pool. */
  renderer: Renderer;
  /** Called after each committed write, so an in-process outbox relay publishes at once. */
  onCommit?: () => void;
}

/** Every endpoint this service serves (the gateway's route table must list each). */
export function endpoints(deps: SubscriptionDeps): AnyEndpoint[] {
  return [
    ...subscriptionEndpoints(deps),
    ...mutedTopicEndpoints(deps),
    ...subscriptionPropertyEndpoints(deps),
    ...streamEndpoints(deps),
    ...defaultStreamEndpoints(deps),
    ...defaultStreamGroupEndpoints(deps),
    ...invitedStreamEndpoints(deps),
    ...memberEndpoints(deps),
  ];
}

/** The subscription service: streams, subscriptions, their properties, muted topics. */
export function buildApp(deps: SubscriptionDeps): Express {
  return createServiceApp({
    endpoints: endpoints(deps),
    internalSecret: acceptedInternalSecrets(deps.config),
    logger: deps.logger,
  });
}
