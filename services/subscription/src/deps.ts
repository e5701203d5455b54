import type { Config } from '@chat/config';
import type { Database } from '@chat/db';
import type { InternalClient } from '@chat/http';
import type { Logger } from '@chat/log';
import type { Renderer } from '@chat/render-pool';

/** What the subscription service is built from (app.ts) and what its routes and actions use. */
export interface SubscriptionDeps {
  config: Config;
  db: Database;
  logger: Logger;
  /** Runs the follow-ups a change holds (Notification Bot's notices) through their owner's internal API. */
  internal: InternalClient;
  /** Renders stream descriptions off the event loop, under a deadline: the process's one render pool. */
  renderer: Renderer;
}
