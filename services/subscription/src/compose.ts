import { workFollowUps, type ComposeService } from '@chat/runtime';
import { buildApp } from './app';
import { subscriptionFollowUpHandlers } from './follow-ups';

/**
 * The subscription service in any topology: its app (stream descriptions render on the process's
 * render pool) and the workers of the follow-ups it owns.
 */
export const composeSubscriptionService: ComposeService = async (ctx) => {
  const { config, db, logger, internal } = ctx;
  const deps = { config, db, logger, internal, renderer: ctx.renderer() };
  await workFollowUps(ctx.jobs, subscriptionFollowUpHandlers(deps));
  return buildApp(deps);
};
