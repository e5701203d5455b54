import { join } from 'node:path';
import type { Express } from 'express';
import { acceptedInternalSecrets, type Config } from '@chat/config';
import type { ApiKeyCipher, Database } from '@chat/db';
import { createServiceApp, type AnyEndpoint, type InternalClient } from '@chat/http';
import type { Logger } from '@chat/log';
import { noMailer, type Mailer } from '@chat/mail';
import { databaseLoginLimiter, type LoginLimiter } from './domain/login-limiter';
import { bcryptHasher, type PasswordHasher } from './domain/passwords';
import { localDiskStorage, type FileStorage } from './store/files';
import { serverSettingsEndpoints } from './routes/server-settings';
import { authEndpoints } from './routes/auth';
import { profileEndpoints } from './routes/profile';
import { userEndpoints } from './routes/users';
import { botEndpoints } from './routes/bots';
import { userSettingsEndpoints } from './routes/user-settings';
import { realmEmojiEndpoints } from './routes/realm-emoji';
import { presenceEndpoints } from './routes/presence';
import { userGroupEndpoints } from './routes/user-groups';
import { alertWordEndpoints } from './routes/alert-words';
import { realmEndpoints } from './routes/realm';
import { profileFieldEndpoints } from './routes/profile-fields';
import { mutedUserEndpoints, pushTokenEndpoints } from './routes/modern';
import { botStorageEndpoints } from './routes/bot-storage';
import { realmDomainEndpoints } from './routes/realm-domains';
import { ownAccountEndpoints } from './routes/own-account';
import { realmDeactivationEndpoints } from './routes/realm-deactivation';
import { zcommandEndpoints } from './routes/zcommand';
import { inviteEndpoints } from './routes/invites';

export interface SettingsDeps {
  config: Config;
  db: Database;
  cipher: ApiKeyCipher;
  logger: Logger;
  /** Calls to other services' internal APIs (a new user's default streams). */
  internal: InternalClient;
  /** Uploaded files; local disk under DATA_DIR/uploads by default. */
  files?: FileStorage;
  /** Password hashing; tests pass a cheaper cost. */
  passwords?: PasswordHasher;
  /** Failed-login bookkeeping; the database by default. */
  loginLimiter?: LoginLimiter;
  /** Outgoing mail (invitations); dropped when none is given. */
  mailer?: Mailer;
}

/** The dependencies with every optional adapter chosen. */
export type SettingsContext = Required<SettingsDeps>;

export function settingsContext(deps: SettingsDeps): SettingsContext {
  return {
    ...deps,
    files: deps.files ?? localDiskStorage(join(deps.config.dataDir, 'uploads')),
    passwords: deps.passwords ?? bcryptHasher(),
    loginLimiter: deps.loginLimiter ?? databaseLoginLimiter(deps.db.knex),
    mailer: deps.mailer ?? noMailer(),
  };
}

/** Every endpoint this service serves (the gateway's route table must list each). */
export function endpoints(deps: SettingsDeps): AnyEndpoint[] {
  const ctx = settingsContext(deps);
  return [
    ...serverSettingsEndpoints(ctx),
    ...authEndpoints(ctx),
    ...profileEndpoints(ctx),
    ...userEndpoints(ctx),
    ...botEndpoints(ctx),
    ...userSettingsEndpoints(ctx),
    ...realmEmojiEndpoints(ctx),
    ...presenceEndpoints(ctx),
    ...userGroupEndpoints(ctx),
    ...alertWordEndpoints(ctx),
    ...realmEndpoints(ctx),
    ...profileFieldEndpoints(ctx),
    ...mutedUserEndpoints(ctx),
    ...pushTokenEndpoints(ctx),
    ...botStorageEndpoints(ctx),
    ...realmDomainEndpoints(ctx),
    ...ownAccountEndpoints(ctx),
    ...realmDeactivationEndpoints(ctx),
    ...zcommandEndpoints(ctx),
    ...inviteEndpoints(ctx),
  ];
}

/** The settings service: realms, users, bots, API keys, per-user settings, server settings. */
export function buildApp(deps: SettingsDeps): Express {
  return createServiceApp({
    endpoints: endpoints(deps),
    internalSecret: acceptedInternalSecrets(deps.config),
    logger: deps.logger,
  });
}
