/**
 * The administration command (Zulip's manage.py verbs), configured only by the environment like
 * every process here: DATABASE_URL for PostgreSQL, else the PGlite database under DATA_DIR, plus
 * API_KEY_SECRET (a development data dir keeps it in secrets.json), and EXTERNAL_HOST or PORT for
 * the realm URLs it prints.
 *
 *   npm run manage -- <verb> [options]
 *
 * The verbs live in ./cli/, a group per file; VERBS lists the groups. In a pod it needs no more
 * than the pod's environment (kubectl exec); the image ships it as dist/manage.js (deploy/build.ts).
 *
 * PGlite is one process's database: against a DATA_DIR (no DATABASE_URL) this takes the same
 * lock as the embedded server (npm start), and is refused while the server runs.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { loadConfig } from '@chat/config';
import { ApiError } from '@chat/errors';
import { httpInternalClient } from '@chat/http';
import { createLogger } from '@chat/log';
import { cipherFor, DataDirLockedError, lockDataDir, withDevelopmentSecrets } from '@chat/runtime';
import { settingsContext, type SettingsContext } from './deps';
import { parseCommand, runVerb, type CliIo, type Verb } from './cli/command';
import { assertEmbeddedDatabaseExists, databaseName, openManagedDatabase } from './cli/database';
import { readPassword } from './cli/password';
import { jobVerbs } from './cli/job-verbs';
import { pushVerbs } from './cli/push-verbs';
import { realmVerbs } from './cli/realm-verbs';
import { storageVerbs } from './cli/storage-verbs';
import { userVerbs } from './cli/user-verbs';

/** Every verb, in the order the usage text lists them: a group per line. */
export const VERBS: readonly Verb[] = [...realmVerbs, ...userVerbs, ...jobVerbs, ...storageVerbs, ...pushVerbs];

export type { CliIo } from './cli/command';

export function runCommand(ctx: SettingsContext, argv: string[], io: CliIo): Promise<void> {
  return runVerb(VERBS, ctx, argv, io);
}

const io: CliIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  readPassword,
  writePrivateFile(path, text) {
    writeFileSync(path, text, { mode: 0o600 });
    // An existing file keeps its mode through writeFileSync: the API key must not stay readable.
    chmodSync(path, 0o600);
  },
};

async function main(): Promise<void> {
  const settings = loadConfig();
  const { verb, args } = parseCommand(VERBS, process.argv.slice(2), io);
  if (settings.databaseUrl === '') {
    assertEmbeddedDatabaseExists(settings);
    // Changes made beside a running embedded server would be lost: refuse them (released at exit).
    lockDataDir(settings.dataDir, 'manage');
  }
  const config = withDevelopmentSecrets(settings);
  const logger = createLogger(config.logLevel === 'info' ? 'error' : config.logLevel, 'manage', { toStderr: true });
  const db = await openManagedDatabase(config, logger);
  io.err(`manage: ${databaseName(config)}`);
  const internal = httpInternalClient(config.serviceUrls, config.internalSecret, 'settings');
  const ctx = settingsContext({ config, db, cipher: cipherFor(config), logger, internal });
  try {
    await verb.run(ctx, args, io);
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      const known = err instanceof ApiError || err instanceof DataDirLockedError;
      console.error(known ? `error: ${err.message}` : err);
      process.exit(1);
    },
  );
}
