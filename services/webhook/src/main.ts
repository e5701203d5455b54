import { loadConfig } from '@chat/config';
import { httpInternalClient } from '@chat/http';
import { createLogger } from '@chat/log';
import { openDatabase, serve, withDevelopmentSecrets } from '@chat/runtime';
import { buildApp } from './app';

/** The webhook service as its own process (distributed topology). */
async function main(): Promise<void> {
  const config = withDevelopmentSecrets(loadConfig());
  const logger = createLogger(config.logLevel, 'webhook');
  const db = await openDatabase(config, { migrate: false, logger });
  const internal = httpInternalClient(config.serviceUrls, config.internalSecret, 'webhook');
  await serve(buildApp({ config, db, logger, internal }), { port: config.port, host: config.host, logger, onShutdown: () => db.close() });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
