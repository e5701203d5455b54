/**
 * The e-mails of invitations and sign-ups, as background jobs: the transaction that makes the
 * change asks for them (requestJobs), so a mail is sent only for a change that committed, and a
 * relay that is down is retried with backoff instead of failing the request.
 *
 * - settings.invitation-mail: one invitation's or sign-up confirmation's link. The job reads the
 *   row afresh, so a mail for one revoked or accepted in the meantime is not sent.
 * - settings.account-exists-mail: the note to an address that asked to sign up but already has
 *   an account in the realm (nothing is written for it; its payload names the realm and address).
 */
import { getRealm, getUserById, realmUrlOf, type Executor } from '@chat/db';
import { requestJobs } from '@chat/dispatch';
import { defineJob, workJob, type Jobs } from '@chat/jobs';
import { settingsContext, type SettingsContext, type SettingsDeps } from '../deps';
import { invitationMail } from '../lib/invitation-mail';
import { invitationLink, validityDaysOf } from '../lib/invitations';
import { accountExistsMail, confirmationMail } from '../lib/signup-mail';
import { pendingEmailInvitation } from '../queries/invitations';
import { accountByDeliveryEmail } from '../queries/users';

export async function deliverInvitationMail(ctx: SettingsContext, invitationId: number): Promise<'sent' | 'gone'> {
  const db = ctx.db.knex;
  const invitation = await pendingEmailInvitation(db, invitationId);
  const realm = invitation && (await getRealm(db, invitation.realm_id));
  const inviter = invitation && (await getUserById(db, invitation.realm_id, invitation.referred_by));
  if (!invitation?.email || !realm || !inviter) return 'gone';
  const realmUrl = await realmUrlOf(db, ctx.config.externalHost, realm);
  const facts = {
    to: invitation.email,
    realmName: realm.name,
    realmUrl,
    link: invitationLink(realmUrl, invitation),
    validityDays: validityDaysOf(invitation, ctx.config),
  };
  await ctx.mailer.send(
    invitation.via_invitation_id === null
      ? invitationMail({ ...facts, inviterName: inviter.full_name, inviterEmail: inviter.delivery_email })
      : confirmationMail(facts),
  );
  return 'sent';
}

export async function deliverAccountExistsMail(ctx: SettingsContext, realmId: number, email: string): Promise<'sent' | 'gone'> {
  const db = ctx.db.knex;
  const realm = await getRealm(db, realmId);
  const account = realm && (await accountByDeliveryEmail(db, realm.id, email));
  if (!realm || !account) return 'gone';
  const realmUrl = await realmUrlOf(db, ctx.config.externalHost, realm);
  await ctx.mailer.send(accountExistsMail({ to: email, realmName: realm.name, realmUrl, deactivated: !account.is_active }));
  return 'sent';
}

export const INVITATION_MAIL_JOB = defineJob<{ invitationId: number }>('settings.invitation-mail');
export const ACCOUNT_EXISTS_MAIL_JOB = defineJob<{ realmId: number; email: string }>('settings.account-exists-mail');

/** Inside the transaction that created or renewed the invitations: one job each, in one statement. */
export async function requestInvitationMails(trx: Executor, invitationIds: readonly number[]): Promise<void> {
  await requestJobs(
    trx,
    INVITATION_MAIL_JOB,
    invitationIds.map((invitationId) => ({ invitationId })),
  );
}

export async function requestAccountExistsMail(trx: Executor, realmId: number, email: string): Promise<void> {
  await requestJobs(trx, ACCOUNT_EXISTS_MAIL_JOB, [{ realmId, email }]);
}

/**
 * The workers, registered once per process that runs the settings service. Five tries from 30 s
 * apart to 4 minutes apart cover a relay's restart; a mail still undeliverable is a dead letter an
 * operator can retry, and an invitation stays pending (its inviter can resend it).
 */
export async function registerInvitationMailJob(deps: SettingsDeps & { jobs: Jobs }): Promise<void> {
  const ctx = settingsContext(deps);
  const retries = { attempts: 5, backoffMs: 30_000 };
  await workJob(
    deps.jobs,
    INVITATION_MAIL_JOB,
    async (job) => {
      await deliverInvitationMail(ctx, job.payload.invitationId);
    },
    retries,
  );
  await workJob(
    deps.jobs,
    ACCOUNT_EXISTS_MAIL_JOB,
    async (job) => {
      await deliverAccountExistsMail(ctx, job.payload.realmId, job.payload.email);
    },
    retries,
  );
}
