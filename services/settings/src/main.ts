import { loadConfig } from '@chat/config';
import { httpInternalClient } from '@chat/http';
import { createLogger } from '@chat/log';
import { cipherFor, openDatabase, serve, withDevelopmentSecrets } from '@chat/runtime';
import { buildApp } from './app';

/** The settings service as its own process (distributed topology). */
async function main(): Promise<void> {
  const config = withDevelopmentSecrets(loadConfig());
  const logger = createLogger(config.logLevel, 'settings');
  const db = await openDatabase(config, { migrate: false, logger });
  const internal = httpInternalClient(config.serviceUrls, config.internalSecret, 'settings');
  const app = buildApp({ config, db, cipher: cipherFor(config), logger, internal });
  await serve(app, { port: config.port, host: config.host, logger, onShutdown: () => db.close() });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
