/**
 * Enrolling in two-factor authentication from the web client: begin (a new secret, shown as a QR
 * code), confirm with a first code (then it is required at every password login, and the
 * recovery codes are shown once), regenerate the recovery codes, disable. Proving a code here
 * counts against the failed-login limit as a login's code does, so a stolen session cannot guess
 * codes at speed; disabling also needs the password.
 */
import { getRealm, type Executor } from '@chat/db';
import { badRequest } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { newRecoveryCode, newTotpSecret, otpauthUri, qrCodeDataUrl, RECOVERY_CODE_COUNT } from '../lib/totp';
import { getUserWithPasswordById } from '../queries/users';
import { recoveryCodesLeft, twoFactorOf } from '../queries/two-factor';
import { passwordCheckKey, rateLimited } from './login-limiter';
import { consumeCode, invalidCode, recoveryCodeHash } from './second-factor';

export async function twoFactorStatus(ctx: SettingsContext, userId: number): Promise<Record<string, unknown>> {
  const row = await twoFactorOf(ctx.db.knex, userId);
  const enabled = row?.confirmed_at != null;
  return { enabled, recovery_codes_left: enabled ? await recoveryCodesLeft(ctx.db.knex, userId) : 0 };
}

async function activeUser(ctx: SettingsContext, userId: number) {
  const user = await getUserWithPasswordById(ctx.db.knex, userId);
  if (!user) throw badRequest('Bots cannot use two-factor authentication.');
  return user;
}

export async function beginTwoFactor(ctx: SettingsContext, userId: number): Promise<Record<string, unknown>> {
  const user = await activeUser(ctx, userId);
  const existing = await twoFactorOf(ctx.db.knex, userId);
  if (existing?.confirmed_at) throw badRequest('Two-factor authentication is already enabled.');
  const secret = newTotpSecret();
  const realm = await getRealm(ctx.db.knex, user.realm_id);
  const uri = otpauthUri(realm?.name || ctx.config.externalHost, user.delivery_email, secret);
  await ctx.db
    .knex('user_two_factor')
    .insert({ user_id: userId, secret_enc: ctx.cipher.encrypt(secret), confirmed_at: null, last_step: null })
    .onConflict('user_id')
    .merge();
  return { secret, otpauth_uri: uri, qr_code: await qrCodeDataUrl(uri) };
}

/** Replaces the user's recovery codes with new ones; answers them (only their hashes are kept). */
async function replaceRecoveryCodes(ctx: SettingsContext, db: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db('two_factor_recovery_codes').where({ user_id: userId }).delete();
  await db('two_factor_recovery_codes').insert(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(ctx, userId, code) })));
  return codes;
}

/** Counts a code (or password) check against the user's failed-login limit; clear it on success. */
async function countAttempt(ctx: SettingsContext, realmId: number, email: string): Promise<string> {
  const key = passwordCheckKey(realmId, email);
  const wait = await ctx.loginLimiter.attempt(key);
  if (wait !== null) throw rateLimited(wait);
  return key;
}

/** Checks a code of the user's enrolled (or enrolling) secret, counted against the login limit. */
async function proveCode(ctx: SettingsContext, userId: number, code: string, confirmed: boolean): Promise<string> {
  const user = await activeUser(ctx, userId);
  const row = await twoFactorOf(ctx.db.knex, userId);
  if (!row || (row.confirmed_at != null) !== confirmed) {
    throw badRequest(confirmed ? 'Two-factor authentication is not enabled.' : 'Start the set-up again: no secret is waiting for a code.');
  }
  const key = await countAttempt(ctx, user.realm_id, user.delivery_email);
  const lastStep = row.last_step === null ? null : Number(row.last_step);
  if (!(await consumeCode(ctx, userId, row.secret_enc, lastStep, code))) throw invalidCode();
  return key;
}

export async function confirmTwoFactor(ctx: SettingsContext, userId: number, code: string): Promise<Record<string, unknown>> {
  if (!/^\d{6}$/.test(code.trim())) throw badRequest('Enter the 6-digit code your authenticator app shows.');
  const key = await proveCode(ctx, userId, code, false);
  await ctx.loginLimiter.clear(key);
  const codes = await ctx.db.knex.transaction(async (trx) => {
    await trx('user_two_factor').where({ user_id: userId }).update({ confirmed_at: trx.fn.now() });
    return replaceRecoveryCodes(ctx, trx, userId);
  });
  return { recovery_codes: codes };
}

export async function regenerateRecoveryCodes(ctx: SettingsContext, userId: number, code: string): Promise<Record<string, unknown>> {
  const key = await proveCode(ctx, userId, code, true);
  await ctx.loginLimiter.clear(key);
  const codes = await ctx.db.knex.transaction((trx) => replaceRecoveryCodes(ctx, trx, userId));
  return { recovery_codes: codes };
}

export async function disableTwoFactor(ctx: SettingsContext, userId: number, password: string, code: string): Promise<void> {
  const user = await activeUser(ctx, userId);
  if (!(await twoFactorOf(ctx.db.knex, userId))?.confirmed_at) throw badRequest('Two-factor authentication is not enabled.');
  const key = await countAttempt(ctx, user.realm_id, user.delivery_email);
  if (!(await ctx.passwords.verify(password, user.password_hash))) throw badRequest('Wrong password!');
  const row = await twoFactorOf(ctx.db.knex, userId);
  const lastStep = row?.last_step == null ? null : Number(row.last_step);
  if (!row || !(await consumeCode(ctx, userId, row.secret_enc, lastStep, code))) throw invalidCode();
  await ctx.loginLimiter.clear(key);
  await forgetTwoFactor(ctx.db.knex, userId);
}

/** Forgets the user's secret and recovery codes (also `manage disable-two-factor`); whether there was a secret. */
export async function forgetTwoFactor(db: Executor, userId: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    await trx('two_factor_recovery_codes').where({ user_id: userId }).delete();
    const gone = await trx('user_two_factor').where({ user_id: userId }).delete().returning('user_id');
    return gone.length > 0;
  });
}
