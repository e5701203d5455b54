import { Authenticator, watchAuthChanges } from '@chat/auth';
import { loadConfig, SERVICE_NAMES, type ServiceName } from '@chat/config';
import { createLogger } from '@chat/log';
import { cipherFor, openDatabase, serve, withDevelopmentSecrets } from '@chat/runtime';
import { buildGateway } from './app';
import { forwardTo } from './forward';

/** The gateway as its own process (distributed topology): forwards to the services' URLs. */
async function main(): Promise<void> {
  const config = withDevelopmentSecrets(loadConfig());
  const logger = createLogger(config.logLevel, 'gateway');
  const missing = SERVICE_NAMES.filter((name) => !config.serviceUrls[name]);
  if (missing.length > 0) {
    throw new Error(`The gateway needs each service's URL: set ${missing.map((n) => `${n.toUpperCase().replace('-', '_')}_URL`).join(', ')}`);
  }
  const db = await openDatabase(config, { migrate: false, logger });
  const dispatch = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, forwardTo(config.serviceUrls[name]!, config.internalSecret)]),
  ) as Record<ServiceName, ReturnType<typeof forwardTo>>;
  const authenticator = new Authenticator(db.knex, cipherFor(config));
  await watchAuthChanges(db, authenticator);
  const app = buildGateway({ db: db.knex, authenticator, logger, dispatch });
  await serve(app, { port: config.port, host: config.host, logger, onShutdown: () => db.close() });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
