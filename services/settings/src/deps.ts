/**
 * What the settings service is built from: the dependencies a composition root passes in, and
 * the context every route, action and query receives (the same with each optional adapter chosen).
 */
import type { Config } from '@chat/config';
import type { ApiKeyCipher, Database } from '@chat/db';
import type { InternalClient } from '@chat/http';
import { createImageProcessor, type ImageProcessor } from '@chat/images';
import type { Logger } from '@chat/log';
import { noMailer, type Mailer } from '@chat/mail';
import { fileStoreFor, type FileStore } from '@chat/storage';
import { bcryptHasher, type PasswordHasher } from './adapters/passwords';
import { databaseLoginLimiter, type LoginLimiter } from './actions/login-limiter';

export interface SettingsDeps {
  config: Config;
  db: Database;
  cipher: ApiKeyCipher;
  logger: Logger;
  /** Runs the follow-ups a change holds (a new user's streams) through their owner's internal API. */
  internal: InternalClient;
  /** Stored files (custom emoji, avatars, realm images); by default the configuration's (fileStoreFor): its bucket, or its local folder. */
  files?: FileStore;
  /** Decodes and resizes uploaded images, within its limits; one per process by default. */
  images?: ImageProcessor;
  /** Password hashing; tests pass a cheaper cost. */
  passwords?: PasswordHasher;
  /** Failed-login bookkeeping; the database by default. */
  loginLimiter?: LoginLimiter;
  /** Outgoing mail (invitations); dropped when none is given. */
  mailer?: Mailer;
}

/** The process's image processor: its limit on decodes at once holds for every app built here. */
const processImages = createImageProcessor();

/** The dependencies with every optional adapter chosen. */
export type SettingsContext = Required<SettingsDeps>;

export function settingsContext(deps: SettingsDeps): SettingsContext {
  return {
    ...deps,
    files: deps.files ?? fileStoreFor(deps.config),
    images: deps.images ?? processImages,
    passwords: deps.passwords ?? bcryptHasher(),
    loginLimiter: deps.loginLimiter ?? databaseLoginLimiter(deps.db.knex),
    mailer: deps.mailer ?? noMailer(),
  };
}
