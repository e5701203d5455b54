import { Authenticator, watchAuthChanges } from '@chat/auth';
import { loadConfig } from '@chat/config';
import { createLogger } from '@chat/log';
import {
  cipherFor,
  createOperations,
  databaseCheck,
  exitOnStartFailure,
  openDatabase,
  openSharedRateLimiter,
  serve,
  serverLimits,
  withDevelopmentSecrets,
} from '@chat/runtime';
import { composeGateway } from './compose';
import { forwardToServices } from './forward';

/** The gateway as its own process (distributed topology): forwards to the services' URLs. */
async function main(): Promise<void> {
  const config = withDevelopmentSecrets(loadConfig());
  const logger = createLogger(config.logLevel, 'gateway');
  const dispatch = forwardToServices(config.serviceUrls, config.internalSecret);
  const db = await openDatabase(config, { migrate: false, logger });
  const authenticator = new Authenticator(db.knex, cipherFor(config));
  const unwatch = await watchAuthChanges(db, authenticator, logger);
  // Replicas (and the event tier) share each user's window through Redis; none is opened when limiting is off.
  const limits = await openSharedRateLimiter(config, logger);
  const app = composeGateway({ config, db, logger, authenticator, dispatch, rateLimiter: limits.limiter });
  // Ready when it can authenticate (its database); never tied to one service's health, or one
  // failing service would take the whole API out of the load balancer.
  const ops = createOperations({ service: 'gateway', logger, checks: { database: databaseCheck(db) } });
  await serve(ops.wrap(app), {
    port: config.port,
    host: config.host,
    logger,
    limits: serverLimits(config),
    health: ops.health,
    // Forwarded long-polls finish when the event tier answers them (at most its 55 s heartbeat),
    // so the gateway's grace period is the longest: see k8s/ and docs/operations.md.
    graceMs: config.shutdownGraceSecs * 1000,
    onShutdown: async () => {
      await unwatch();
      await limits.close();
      await db.close();
    },
  });
}

main().catch(exitOnStartFailure);
