import type { Authenticator } from '@chat/auth';
import type { Config } from '@chat/config';
import type { Database } from '@chat/db';
import type { RateLimiter } from '@chat/http';
import type { Logger } from '@chat/log';
import type { QueueStore } from '@chat/queue-store';
import type { LocalPolls } from './lib/polls';

/** What the event-queue service's HTTP side is built from (app.ts) and what its routes and actions use. */
export interface EventQueueDeps {
  config: Config;
  db: Database;
  store: QueueStore;
  logger: Logger;
  /** Overrides the 45-55 s heartbeat delay (tests). */
  heartbeatMs?: () => number;
  /** The polls parked in this process (see ./lib/polls.ts). */
  polls: LocalPolls;
  /**
   * Given when clients may reach this process without the gateway (the ingress routes /register
   * and /events here): their HTTP Basic credentials are checked here, see ./direct-auth.ts.
   */
  authenticator?: Authenticator;
  /** Counts the requests authenticated with `authenticator` (they skipped the gateway's limiter). */
  rateLimiter?: RateLimiter;
}
