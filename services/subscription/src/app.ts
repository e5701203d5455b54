import type { Express } from 'express';
import { acceptedInternalSecrets } from '@chat/config';
import { createServiceApp, type AnyEndpoint } from '@chat/http';
import type { SubscriptionDeps } from './deps';
import { defaultStreamGroupEndpoints } from './routes/default-stream-groups';
import { defaultStreamEndpoints } from './routes/default-streams';
import { followUpEndpoints } from './routes/follow-ups';
import { memberEndpoints } from './routes/members';
import { mutedTopicEndpoints } from './routes/muted-topics';
import { streamEndpoints } from './routes/streams';
import { subscriptionEndpoints, subscriptionPropertyEndpoints } from './routes/subscriptions';

export type { SubscriptionDeps };

/** Every endpoint this service serves (the gateway's route table must list each). */
export function endpoints(deps: SubscriptionDeps): AnyEndpoint[] {
  return [
    ...subscriptionEndpoints(deps),
    ...mutedTopicEndpoints(deps),
    ...subscriptionPropertyEndpoints(deps),
    ...streamEndpoints(deps),
    ...defaultStreamEndpoints(deps),
    ...defaultStreamGroupEndpoints(deps),
    ...memberEndpoints(deps),
    ...followUpEndpoints(deps),
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
