import { join } from 'node:path';
import { loadConfig } from '@chat/config';
import { createLogger } from '@chat/log';
import { assertPortFree, lockDataDir, serve, serverLimits, withDevelopmentSecrets, withWebPushKeys } from '@chat/runtime';
import { startStandalone } from './standalone';

/** `npm start`: the whole server in one process on http://127.0.0.1:9991. */
async function main(): Promise<void> {
  const settings = loadConfig();
  // A taken port is said in one line before anything under DATA_DIR is created, opened or seeded.
  await assertPortFree(settings.port, settings.host);
  // PGlite takes one process: refuse to start beside another server or `manage` on this DATA_DIR,
  // before anything in it is opened (secrets.json included). Released at exit.
  lockDataDir(settings.dataDir, 'npm start');
  const config = withWebPushKeys(withDevelopmentSecrets(settings));
  const logger = createLogger(config.logLevel, 'chat');
  const server = await startStandalone({
    config,
    logger,
    pgliteDir: join(config.dataDir, 'pglite'),
    queueFile: join(config.dataDir, 'event-queues.json'),
  });
  await serve(server.app, {
    port: config.port,
    host: config.host,
    logger,
    limits: serverLimits(config),
    health: server.health,
    graceMs: config.shutdownGraceSecs * 1000,
    // Parked polls are answered first; the queues are saved once nothing is in flight.
    drain: () => server.drain(),
    onShutdown: () => server.stop(),
  });
  logger.info(`serving the API on http://${config.host}:${config.port}/api/v1 (${config.env})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
