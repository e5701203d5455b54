import type { Knex } from 'knex';
import type { Config } from '@chat/config';
import type { Database } from '@chat/db';
import type { InternalClient } from '@chat/http';
import type { Logger } from '@chat/log';

/** What the webhook service is built from (app.ts). */
export interface WebhookDeps {
  config: Config;
  db: Database;
  logger: Logger;
  /** Calls to other services' internal APIs (posting messages goes through the message service). */
  internal: InternalClient;
}

/** What handling one webhook request needs: the endpoint, its posts and the owner's notices. */
export interface WebhookRequestDeps {
  db: Knex;
  internal: InternalClient;
  logger: Logger;
}
