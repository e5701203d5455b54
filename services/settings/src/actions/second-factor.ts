/**
 * The second factor at a password login, once a user has confirmed two-factor: a TOTP code (for a
 * time step later than the last one accepted, so a code seen over a shoulder or replayed from a
 * log works only once) or one of the recovery codes (deleted as it is used). The caller counts
 * the attempt against the login limit before the password is checked and clears it only after
 * this passes, so wrong codes are guesses like wrong passwords.
 *
 * `POST /fetch_api_key` takes no code, and Zulip gives an enrolled user their key for the password
 * alone; here it is refused, since a key is a login that never expires.
 */
import type { UserRow } from '@chat/db';
import { ApiError } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { normalizeRecoveryCode, totpStep } from '../lib/totp';
import { twoFactorOf } from '../queries/two-factor';

export const invalidCode = () =>
  new ApiError('The two-factor code is not right, or was already used.', { status: 403, code: 'INVALID_TWO_FACTOR_CODE' });

/** The stored form of a recovery code: keyed with the server's secret, so a copy of the table cannot be guessed offline. */
export function recoveryCodeHash(ctx: SettingsContext, userId: number, code: string): string {
  return ctx.cipher.lookupHash(`two-factor-recovery:${userId}:${normalizeRecoveryCode(code)}`);
}

/**
 * Uses up `code` for `userId`: true when it is a TOTP code of a new time step or an unused
 * recovery code. Each check is one conditional write (its returned rows say whether it wrote), so two
 * requests racing with one code cannot both pass.
 */
export async function consumeCode(
  ctx: SettingsContext,
  userId: number,
  secretEnc: string,
  lastStep: number | null,
  code: string,
): Promise<boolean> {
  const db = ctx.db.knex;
  const typed = code.trim();
  const step = totpStep(ctx.cipher.decrypt(secretEnc), typed, lastStep);
  if (step !== null) {
    const updated = await db('user_two_factor')
      .where({ user_id: userId })
      .where((q) => void q.whereNull('last_step').orWhere('last_step', '<', step))
      .update({ last_step: step })
      .returning('user_id');
    return updated.length === 1;
  }
  if (normalizeRecoveryCode(typed).length !== 10) return false;
  const deleted = await db('two_factor_recovery_codes')
    .where({ user_id: userId, code_hash: recoveryCodeHash(ctx, userId, typed) })
    .delete()
    .returning('id');
  return deleted.length === 1;
}

/** At a password login, after the password was right: nothing for a user without two-factor, else the code must be good. */
export async function checkSecondFactor(ctx: SettingsContext, user: UserRow, code: string | undefined): Promise<void> {
  const row = await twoFactorOf(ctx.db.knex, user.id);
  if (!row?.confirmed_at) return;
  if (code === undefined || code.trim() === '') {
    throw new ApiError('Enter the code from your authenticator app, or a recovery code.', { status: 403, code: 'TWO_FACTOR_REQUIRED' });
  }
  const lastStep = row.last_step === null ? null : Number(row.last_step);
  if (!(await consumeCode(ctx, user.id, row.secret_enc, lastStep, code))) throw invalidCode();
}

/** For `POST /fetch_api_key`, after the password was right. */
export async function refuseKeyWithTwoFactor(ctx: SettingsContext, user: UserRow): Promise<void> {
  const row = await twoFactorOf(ctx.db.knex, user.id);
  if (!row?.confirmed_at) return;
  throw new ApiError(
    'Your account has two-factor authentication enabled; log in to the web client and copy your API key from its settings (Account security → API key).',
    { status: 403, code: 'TWO_FACTOR_ENABLED' },
  );
}
