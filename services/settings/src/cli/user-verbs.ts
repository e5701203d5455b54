/** Users: create-user, change-user-role, deactivate-user, regenerate-api-key, disable-two-factor, print-zuliprc. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getUserByEmail, realmUrlOf, ROLE_CODES, type Role } from '@chat/db';
import type { SettingsContext } from '../deps';
import { doRegenerateApiKey } from '../actions/api-keys';
import { forgetTwoFactor } from '../actions/two-factor';
import { doDeactivateUser } from '../actions/user-activation';
import { createUser, doChangeRole } from '../actions/users';
import { findRealm } from '../queries/realms';
import { fail, optional, REALM_OPTION, required, type CliIo, type Verb, type VerbArgs } from './command';

const ROLES = Object.keys(ROLE_CODES) as Role[];

/** The user the first positional (or --email) names, in the realm --realm names. */
async function userOf(ctx: SettingsContext, args: VerbArgs) {
  const email = optional(args, 'email') ?? args.positionals[0] ?? fail("Give the user's e-mail address.");
  const realm = await findRealm(ctx.db.knex, optional(args, 'realm'));
  const user = await getUserByEmail(ctx.db.knex, realm.id, email);
  if (!user) fail(`There is no user ${email} in realm '${realm.string_id}'.`);
  return { realm, user };
}

async function passwordOf(args: VerbArgs, io: CliIo): Promise<string | null> {
  if (args.values['no-password']) return null;
  const file = optional(args, 'password-file');
  const password = file ? readFileSync(file, 'utf8').replace(/\r?\n$/, '') : await io.readPassword('Password: ');
  return password.length > 0 ? password : fail('The password is empty.');
}

export const userVerbs: Verb[] = [
  {
    name: 'create-user',
    usage:
      `--email EMAIL --full-name NAME [--short-name NAME] [--role ${ROLES.join('|')}]\n` +
      '              [--password-file FILE | --no-password] [--realm ID]   (password prompted otherwise)',
    options: {
      ...REALM_OPTION,
      email: { type: 'string' },
      'full-name': { type: 'string' },
      'short-name': { type: 'string' },
      role: { type: 'string' },
      'password-file': { type: 'string' },
      'no-password': { type: 'boolean' },
    },
    async run(ctx, args, io) {
      const email = optional(args, 'email') ?? args.positionals[0] ?? fail('--email is required');
      const fullName = required(args, 'full-name');
      const role = (optional(args, 'role') ?? 'member') as Role;
      if (!ROLES.includes(role)) fail(`--role must be one of ${ROLES.join(', ')}`);
      const realm = await findRealm(ctx.db.knex, optional(args, 'realm'));
      const password = await passwordOf(args, io);
      const shortName = optional(args, 'short-name') ?? email.split('@')[0]!;
      const { user } = await createUser(ctx, realm.id, { email, password, fullName, shortName, role });
      io.out(`Created user ${user.email} (id ${user.id}) in realm '${realm.string_id}'.`);
      // Joining the default streams is the subscription service's follow-up, committed with the
      // user: the running server (or the next one started) works it.
      io.err("The user joins the realm's default streams once the server is running.");
    },
  },
  {
    name: 'change-user-role',
    usage: `EMAIL ${ROLES.join('|')} [--realm ID]`,
    options: REALM_OPTION,
    async run(ctx, args, io) {
      const role = args.positionals[1] as Role;
      if (!ROLES.includes(role)) fail(`The role must be one of ${ROLES.join(', ')}`);
      const { user } = await userOf(ctx, args);
      await ctx.db.knex.transaction((trx) => doChangeRole(trx, user, role));
      io.out(`${user.email} is now ${role === 'admin' ? 'an administrator' : `a ${role}`}.`);
    },
  },
  {
    name: 'deactivate-user',
    usage: 'EMAIL [--realm ID]',
    options: REALM_OPTION,
    async run(ctx, args, io) {
      const { user } = await userOf(ctx, args);
      if (!user.is_active) fail(`${user.email} is already deactivated.`);
      await ctx.db.knex.transaction((trx) => doDeactivateUser(trx, user));
      io.out(`Deactivated ${user.email}.`);
    },
  },
  {
    name: 'regenerate-api-key',
    usage: 'EMAIL [--realm ID]',
    options: REALM_OPTION,
    async run(ctx, args, io) {
      const { user } = await userOf(ctx, args);
      await ctx.db.knex.transaction((trx) => doRegenerateApiKey(trx, ctx.cipher, user));
      io.out(`Regenerated the API key of ${user.email}; the old key no longer works.`);
    },
  },
  {
    name: 'disable-two-factor',
    usage: 'EMAIL [--realm ID]   (for someone who lost their authenticator app and recovery codes)',
    options: REALM_OPTION,
    async run(ctx, args, io) {
      const { user } = await userOf(ctx, args);
      if (!(await forgetTwoFactor(ctx.db.knex, user.id))) fail(`${user.email} has no two-factor authentication.`);
      io.out(`Turned off two-factor authentication for ${user.email}: their password alone logs in again.`);
    },
  },
  {
    name: 'print-zuliprc',
    usage: "EMAIL [--realm ID] [--site URL] [--output FILE]   (the [api] section Zulip's clients read)",
    options: { ...REALM_OPTION, site: { type: 'string' }, output: { type: 'string' } },
    async run(ctx, args, io) {
      const { realm, user } = await userOf(ctx, args);
      // The realm's URL on the address this server is configured to serve (EXTERNAL_HOST, PORT).
      const site = optional(args, 'site') ?? (await realmUrlOf(ctx.db.knex, ctx.config.externalHost, realm));
      const zuliprc = `[api]\nemail=${user.email}\nkey=${ctx.cipher.decrypt(user.api_key_enc)}\nsite=${site}\n`;
      const output = optional(args, 'output');
      if (!output) return io.out(zuliprc.trimEnd());
      io.writePrivateFile(output, zuliprc);
      io.err(`Wrote ${resolve(output)} for ${user.email} (site ${site}).`);
    },
  },
];
