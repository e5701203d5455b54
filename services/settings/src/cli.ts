/**
 * The administration command (Zulip's manage.py verbs), configured only by the environment like
 * every process here: DATABASE_URL for PostgreSQL, else the PGlite database under DATA_DIR, plus
 * API_KEY_SECRET (a development data dir keeps it in secrets.json).
 *
 *   npm run manage -- <verb> [options]
 *
 * In a pod it needs no more than the pod's environment (kubectl exec); the production image runs
 * bundles, so it needs a `manage` entry in deploy/build.ts to ship as dist/manage.js.
 *
 * PGlite is one process's database: against a DATA_DIR (no DATABASE_URL) this takes the same
 * lock as the embedded server (npm start), and is refused while the server runs.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '@chat/config';
import { getUserByEmail, type Database, type Role } from '@chat/db';
import { realmUrlOf } from './domain/server-settings';
import { ApiError } from '@chat/errors';
import { httpInternalClient, type InternalClient } from '@chat/http';
import { createLogger } from '@chat/log';
import { cipherFor, DataDirLockedError, lockDataDir, openDatabase, withDevelopmentSecrets } from '@chat/runtime';
import { settingsContext, type SettingsContext } from './app';
import { doRegenerateApiKey } from './domain/api-keys';
import { createRealm, findRealm } from './domain/realms';
import { createUser, doChangeRole, doDeactivateUser } from './domain/users';

const USAGE = `usage: manage <verb> [options]
  create-realm --string-id ID --name NAME [--email-domain DOMAIN] [--description TEXT]
  create-user --email EMAIL --full-name NAME [--short-name NAME] [--role member|admin|guest]
              [--password-file FILE | --no-password] [--realm ID]   (password prompted otherwise)
  change-user-role EMAIL member|admin|guest [--realm ID]
  deactivate-user EMAIL [--realm ID]
  regenerate-api-key EMAIL [--realm ID]
  print-zuliprc EMAIL [--site URL] [--realm ID]`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** A password typed at a prompt (not echoed), or the first line of a piped stdin. */
  readPassword(prompt: string): Promise<string>;
}

const ROLES: Role[] = ['member', 'admin', 'guest'];

function fail(msg: string): never {
  throw new ApiError(msg);
}

async function userOf(ctx: SettingsContext, realmFlag: string | undefined, email: string | undefined) {
  if (!email) fail('Give the user\'s e-mail address.');
  const realm = await findRealm(ctx.db.knex, realmFlag);
  const user = await getUserByEmail(ctx.db.knex, realm.id, email);
  if (!user) fail(`There is no user ${email} in realm '${realm.string_id}'.`);
  return { realm, user };
}

export async function runCommand(ctx: SettingsContext, argv: string[], io: CliIo): Promise<void> {
  const [verb, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      realm: { type: 'string' },
      'string-id': { type: 'string' },
      name: { type: 'string' },
      'email-domain': { type: 'string' },
      description: { type: 'string' },
      email: { type: 'string' },
      'full-name': { type: 'string' },
      'short-name': { type: 'string' },
      role: { type: 'string' },
      'password-file': { type: 'string' },
      'no-password': { type: 'boolean' },
      site: { type: 'string' },
    },
  });
  const db = ctx.db.knex;
  switch (verb?.replace(/_/g, '-')) {
    case 'create-realm': {
      const realm = await createRealm(db, {
        stringId: values['string-id'] ?? fail('--string-id is required'),
        name: values.name ?? fail('--name is required'),
        emailDomain: values['email-domain'],
        description: values.description,
      });
      io.out(`Created realm '${realm.string_id}' (id ${realm.id}).`);
      return;
    }
    case 'create-user': {
      const email = values.email ?? positionals[0] ?? fail('--email is required');
      const fullName = values['full-name'] ?? fail('--full-name is required');
      const role = (values.role ?? 'member') as Role;
      if (!ROLES.includes(role)) fail(`--role must be one of ${ROLES.join(', ')}`);
      const realm = await findRealm(db, values.realm);
      let password: string | null = null;
      if (values['password-file']) password = readFileSync(values['password-file'], 'utf8').replace(/\r?\n$/, '');
      else if (!values['no-password']) password = await io.readPassword('Password: ');
      if (password !== null && password.length === 0) fail('The password is empty.');
      const { user } = await createUser(ctx, realm.id, {
        email,
        password,
        fullName,
        shortName: values['short-name'] ?? email.split('@')[0]!,
        role,
      });
      io.out(`Created user ${user.email} (id ${user.id}) in realm '${realm.string_id}'.`);
      if (!ctx.config.serviceUrls.subscription) {
        io.err('Note: SUBSCRIPTION_URL is not set, so the user was not subscribed to the default streams.');
      }
      return;
    }
    case 'change-user-role': {
      const role = positionals[1] as Role;
      if (!ROLES.includes(role)) fail(`The role must be one of ${ROLES.join(', ')}`);
      const { user } = await userOf(ctx, values.realm, positionals[0]);
      await db.transaction((trx) => doChangeRole(trx, user, role));
      io.out(`${user.email} is now ${role === 'admin' ? 'an administrator' : `a ${role}`}.`);
      return;
    }
    case 'deactivate-user': {
      const { user } = await userOf(ctx, values.realm, positionals[0]);
      if (!user.is_active) fail(`${user.email} is already deactivated.`);
      await db.transaction((trx) => doDeactivateUser(trx, user));
      io.out(`Deactivated ${user.email}.`);
      return;
    }
    case 'regenerate-api-key': {
      const { user } = await userOf(ctx, values.realm, positionals[0]);
      await db.transaction((trx) => doRegenerateApiKey(trx, ctx.cipher, user));
      io.out(`Regenerated the API key of ${user.email}; the old key no longer works.`);
      return;
    }
    case 'print-zuliprc': {
      const { realm, user } = await userOf(ctx, values.realm, positionals[0]);
      const site = values.site ?? (await realmUrlOf(db, ctx.config.externalHost, realm));
      io.out(`[api]\nemail=${user.email}\nkey=${ctx.cipher.decrypt(user.api_key_enc)}\nsite=${site}`);
      return;
    }
    default:
      io.err(USAGE);
      throw new ApiError(verb ? `Unknown verb '${verb}'.` : 'Give a verb.');
  }
}

/** Reads a password without echoing it when stdin is a terminal; else the first line of stdin. */
function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let text = '';
    const tty = stdin.isTTY;
    if (tty) {
      process.stderr.write(prompt);
      stdin.setRawMode(true);
    }
    stdin.setEncoding('utf8');
    const done = (value: string) => {
      stdin.removeListener('data', onData);
      stdin.removeListener('end', onEnd);
      if (tty) {
        stdin.setRawMode(false);
        process.stderr.write('\n');
      }
      stdin.pause();
      resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\u0003') return reject(new ApiError('Cancelled.'));
        if (ch === '\r' || ch === '\n') return done(text);
        if (ch === '\u007f') text = text.slice(0, -1);
        else text += ch;
      }
    };
    const onEnd = () => done(text);
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.resume();
  });
}

async function main(): Promise<number> {
  const settings = loadConfig();
  // Changes made beside a running embedded server would be lost: refuse them (released at exit).
  if (settings.databaseUrl === '') lockDataDir(settings.dataDir, 'manage');
  const config = withDevelopmentSecrets(settings);
  const logger = createLogger(config.logLevel === 'info' ? 'error' : config.logLevel, 'manage');
  // The embedded database may be new: migrate it as `npm start` would. PostgreSQL is migrated by
  // the release's migrate job (deploy/migrate.ts).
  const db: Database = await openDatabase(config, { migrate: config.databaseUrl === '', logger });
  const internal: InternalClient = httpInternalClient(config.serviceUrls, config.internalSecret, 'settings');
  const ctx = settingsContext({ config, db, cipher: cipherFor(config), logger, internal });
  const io: CliIo = { out: (line) => console.log(line), err: (line) => console.error(line), readPassword };
  try {
    await runCommand(ctx, process.argv.slice(2), io);
    return 0;
  } catch (err) {
    if (err instanceof ApiError) {
      console.error(`error: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof DataDirLockedError ? `error: ${err.message}` : err);
      process.exit(1);
    },
  );
}
