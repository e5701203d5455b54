import type { Express } from 'express';
import type { Config } from '@chat/config';
import type { ApiKeyCipher, Database } from '@chat/db';
import { createServiceApp, type AnyEndpoint } from '@chat/http';
import type { Logger } from '@chat/log';
import { serverSettingsEndpoints } from './routes/server-settings';
import { devEndpoints } from './routes/dev';
import { profileEndpoints } from './routes/profile';

export interface SettingsDeps {
  config: Config;
  db: Database;
  cipher: ApiKeyCipher;
  logger: Logger;
}

/** Every endpoint this service serves (the gateway's route table must list each). */
export function endpoints(deps: SettingsDeps): AnyEndpoint[] {
  return [
    ...serverSettingsEndpoints(deps),
    ...(deps.config.env === 'development' ? devEndpoints(deps) : []),
    ...profileEndpoints(deps),
  ];
}

/** The settings service: realms, users, bots, API keys, per-user settings, server settings. */
export function buildApp(deps: SettingsDeps): Express {
  return createServiceApp({
    endpoints: endpoints(deps),
    internalSecret: deps.config.internalSecret,
    logger: deps.logger,
  });
}
