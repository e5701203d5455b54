import type { Express, RequestHandler } from 'express';
import type { Authenticator } from '@chat/auth';
import type { ServiceName } from '@chat/config';
import type { RateLimiter } from '@chat/http';
import type { ServiceContext } from '@chat/runtime';
import { buildGateway } from './app';
import { webDirFor } from './web-app';

/**
 * What the gateway is composed from: a ServiceContext's config, database (authentication reads
 * it) and logger, and what the process shares with it (the event tier authenticates and counts
 * direct clients with the same authenticator and windows).
 */
export interface GatewayContext extends Pick<ServiceContext, 'config' | 'db' | 'logger'> {
  authenticator: Authenticator;
  /** How a request reaches each service: its app in-process (embedded), or forwardToServices. */
  dispatch: Record<ServiceName, RequestHandler>;
  /** Zulip's rate limits; none: no limits. */
  rateLimiter?: RateLimiter;
}

/**
 * The gateway in any topology: its own process (main.ts), the embedded server and the
 * distributed test harness all compose it here.
 */
export function composeGateway(ctx: GatewayContext): Express {
  const { config, authenticator, logger, dispatch, rateLimiter } = ctx;
  return buildGateway({
    db: ctx.db.knex,
    externalHost: config.externalHost,
    authenticator,
    logger,
    dispatch,
    rateLimiter,
    webDir: webDirFor(config.webDir),
  });
}
