/**
 * Sending one invitation's e-mail, as a background job: the inviting transaction asks for it
 * (requestJob), so the mail is sent only for an invitation that committed, and a relay that is
 * down is retried with backoff instead of failing the request. The job reads the invitation
 * afresh, so a mail for an invitation revoked or accepted in the meantime is not sent.
 */
import { getRealm, getUserById, realmUrlOf, requestJob, type Executor } from '@chat/db';
import type { Jobs } from '@chat/jobs';
import { settingsContext, type SettingsContext, type SettingsDeps } from '../deps';
import { invitationMail } from '../lib/invitation-mail';
import { invitationLink } from '../lib/invitations';
import { pendingEmailInvitation } from '../queries/invitations';

export async function deliverInvitationMail(ctx: SettingsContext, invitationId: number): Promise<'sent' | 'gone'> {
  const db = ctx.db.knex;
  const invitation = await pendingEmailInvitation(db, invitationId);
  const realm = invitation && (await getRealm(db, invitation.realm_id));
  const inviter = invitation && (await getUserById(db, invitation.realm_id, invitation.referred_by));
  if (!invitation?.email || !realm || !inviter) return 'gone';
  const realmUrl = await realmUrlOf(db, ctx.config.externalHost, realm);
  await ctx.mailer.send(
    invitationMail({
      to: invitation.email,
      inviterName: inviter.full_name,
      inviterEmail: inviter.delivery_email,
      realmName: realm.name,
      realmUrl,
      link: invitationLink(realmUrl, invitation),
      validityDays: ctx.config.invitationLinkValidityDays,
    }),
  );
  return 'sent';
}

export const INVITATION_MAIL_JOB = 'settings.invitation-mail';

/** Inside the transaction that created or renewed the invitation. */
export async function requestInvitationMail(trx: Executor, invitationId: number): Promise<void> {
  await requestJob(trx, INVITATION_MAIL_JOB, { invitationId });
}

/**
 * The worker, registered once per process that runs the settings service. Five tries from 30 s
 * apart to 4 minutes apart cover a relay's restart; a mail still undeliverable is a dead letter an
 * operator can retry, and the invitation stays pending (its inviter can resend it).
 */
export async function registerInvitationMailJob(deps: SettingsDeps & { jobs: Jobs }): Promise<void> {
  const ctx = settingsContext(deps);
  await deps.jobs.work<{ invitationId: number }>(
    INVITATION_MAIL_JOB,
    async (job) => {
      await deliverInvitationMail(ctx, job.payload.invitationId);
    },
    { attempts: 5, backoffMs: 30_000 },
  );
}
