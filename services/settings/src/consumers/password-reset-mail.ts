/**
 * The password reset e-mail, as a background job (settings.password-reset-mail): the request
 * answers at once and the same whatever the address, and a relay that is down is retried. The
 * job makes the token itself, so no usable token is ever written to the job table; it checks the
 * account afresh (deactivated since, password logins switched off since: no mail). A send that
 * fails deletes its token, so each retry mails a link of its own.
 */
import { PASSWORD_RESET_VALIDITY_HOURS } from '@chat/contracts';
import { getRealm, realmUrlOf, type Executor } from '@chat/db';
import { requestJobs } from '@chat/dispatch';
import { defineJob, workJob, type Jobs } from '@chat/jobs';
import { settingsContext, type SettingsContext, type SettingsDeps } from '../deps';
import { passwordAuthEnabled } from '../lib/auth-methods';
import { newResetToken, resetBinding, resetLink, resetTokenHash } from '../lib/password-reset';
import { passwordResetMail } from '../lib/password-reset-mail';
import { getUserWithPasswordById } from '../queries/users';

export const PASSWORD_RESET_MAIL_JOB = defineJob<{ userId: number }>('settings.password-reset-mail');

export async function requestPasswordResetMail(trx: Executor, userId: number): Promise<void> {
  await requestJobs(trx, PASSWORD_RESET_MAIL_JOB, [{ userId }]);
}

export async function deliverPasswordResetMail(ctx: SettingsContext, userId: number): Promise<'sent' | 'gone'> {
  const db = ctx.db.knex;
  const user = await getUserWithPasswordById(db, userId);
  const realm = user && (await getRealm(db, user.realm_id));
  if (!user?.is_active || !realm || realm.deactivated || !passwordAuthEnabled(realm)) return 'gone';
  const token = newResetToken();
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_VALIDITY_HOURS * 3_600_000);
  const [row] = (await db('password_reset_tokens')
    .insert({ user_id: user.id, token_hash: resetTokenHash(token), binding: resetBinding(user), expires_at: expiresAt })
    .returning('id')) as { id: number }[];
  const realmUrl = await realmUrlOf(db, ctx.config.externalHost, realm);
  try {
    await ctx.mailer.send(
      passwordResetMail({
        to: user.delivery_email,
        realmName: realm.name,
        realmUrl,
        link: resetLink(realmUrl, token),
        validityHours: PASSWORD_RESET_VALIDITY_HOURS,
      }),
    );
  } catch (err) {
    await db('password_reset_tokens').where({ id: row!.id }).delete();
    throw err;
  }
  return 'sent';
}

/** The worker, registered once per process that runs the settings service (retries as the invitation mails'). */
export async function registerPasswordResetMailJob(deps: SettingsDeps & { jobs: Jobs }): Promise<void> {
  const ctx = settingsContext(deps);
  await workJob(
    deps.jobs,
    PASSWORD_RESET_MAIL_JOB,
    async (job) => {
      await deliverPasswordResetMail(ctx, job.payload.userId);
    },
    { attempts: 5, backoffMs: 30_000 },
  );
}
