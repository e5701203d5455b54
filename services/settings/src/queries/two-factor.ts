/** What two-factor reads: a user's TOTP row and how many recovery codes they have left. */
import type { Executor } from '@chat/db';

export interface TwoFactorRow {
  user_id: number;
  secret_enc: string;
  confirmed_at: Date | null;
  last_step: string | number | null;
}

export async function twoFactorOf(db: Executor, userId: number): Promise<TwoFactorRow | undefined> {
  return db<TwoFactorRow>('user_two_factor').where({ user_id: userId }).first();
}

/** Whether a code is required at this user's password logins. */
export async function hasTwoFactor(db: Executor, userId: number): Promise<boolean> {
  return (await twoFactorOf(db, userId))?.confirmed_at != null;
}

export async function recoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const [row] = await db('two_factor_recovery_codes').where({ user_id: userId }).count<{ n: string | number }[]>('* as n');
  return Number(row?.n ?? 0);
}
