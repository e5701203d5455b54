import { createRenderPool, renderPoolOptions } from '@chat/render-pool';
import { runDatabaseService } from '@chat/runtime';
import { buildApp } from './app';

/** The message service as its own process (distributed topology), with its render pool. */
runDatabaseService('message', ({ config, db, logger, atShutdown }) => {
  const renderer = createRenderPool({ ...renderPoolOptions(config), logger });
  atShutdown(() => renderer.close());
  return buildApp({ config, db, logger, renderer });
});
