import { createRenderPool, renderPoolOptions } from '@chat/render-pool';
import { runDatabaseService } from '@chat/runtime';
import { buildApp } from './app';

/** The subscription service as its own process (distributed topology), with its render pool for descriptions. */
runDatabaseService('subscription', (ctx) => {
  const renderer = createRenderPool({ ...renderPoolOptions(ctx.config), logger: ctx.logger });
  ctx.atShutdown(() => renderer.close());
  return buildApp({ ...ctx, renderer });
});
