import { createRenderPool, renderPoolOptions } from '@chat/render-pool';
import { runDatabaseService } from '@chat/runtime';
import { buildApp } from './app';
import { registerSubscriptionFollowUps } from './follow-ups';

/**
 * The subscription service as its own process (distributed topology), with its render pool for
 * descriptions and the workers of the follow-ups it owns.
 */
runDatabaseService('subscription', async (ctx) => {
  const renderer = createRenderPool({ ...renderPoolOptions(ctx.config), logger: ctx.logger });
  ctx.atShutdown(() => renderer.close());
  const deps = { ...ctx, renderer };
  await registerSubscriptionFollowUps(deps, ctx.jobs);
  return buildApp(deps);
});
