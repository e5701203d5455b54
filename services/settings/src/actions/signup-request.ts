/**
 * The form of a reusable invitation link (Zulip's accounts_home_from_multiuse_invite and
 * accounts_home): whoever holds the link types an address, and the address is mailed a link of
 * its own (a sign-up confirmation with the reusable link's role and streams); the account is made
 * only from that link, which proves the address belongs to whoever signs up. An address outside
 * the realm's domains is refused, as at every sign-up. An address that already has an account is
 * mailed a note saying so instead, and the answer is the same, so the form tells a stranger
 * nothing about who has an account.
 *
 * These are e-mails a stranger makes the server send, so they are limited as Zulip limits such
 * mail: 5 a day per client address ("sends_email_by_ip", off with the other per-IP limits when
 * RATE_LIMIT_PER_MINUTE is 0), and per address 2 an hour and 5 a day (the rule Zulip applies to
 * password-reset mail), counted before the address is looked up, so a refusal reveals nothing.
 */
import { emailAllowedForRealm } from '@chat/db';
import { plainError } from '@chat/errors';
import { requestAccountExistsMail, requestInvitationMails } from '../consumers/invitation-mail';
import type { SettingsContext } from '../deps';
import { isValidEmail } from '../lib/accounts';
import { generateConfirmationKey, type InvitationRow } from '../lib/invitations';
import { openInvitation } from '../queries/invitations';
import { accountByDeliveryEmail } from '../queries/users';
import { databaseAttemptLimiter, rateLimited, type AttemptRule } from './login-limiter';

const DAY = 86_400;
export const SENDS_EMAIL_BY_IP: readonly AttemptRule[] = [{ windowSeconds: DAY, max: 5 }];
export const SENDS_EMAIL_BY_ADDRESS: readonly AttemptRule[] = [
  { windowSeconds: 3600, max: 2 },
  { windowSeconds: DAY, max: 5 },
];

async function checkSignupMailLimits(ctx: SettingsContext, clientAddress: string | undefined, email: string): Promise<void> {
  const db = ctx.db.knex;
  if (ctx.config.rateLimitPerMinute > 0 && clientAddress !== undefined) {
    const wait = await databaseAttemptLimiter(db, 'sends_email_by_ip', SENDS_EMAIL_BY_IP).attempt(clientAddress);
    if (wait !== null) throw rateLimited(wait);
  }
  const wait = await databaseAttemptLimiter(db, 'sends_email_by_address', SENDS_EMAIL_BY_ADDRESS).attempt(email.toLowerCase());
  if (wait !== null) throw rateLimited(wait);
}

/** The sign-up confirmation: the reusable link's role, inviter and streams, for this address. */
async function createConfirmation(ctx: SettingsContext, link: InvitationRow, email: string): Promise<void> {
  await ctx.db.knex.transaction(async (trx) => {
    // Locked against a revocation meanwhile, which would take the confirmation with it.
    if (!(await trx('invitations').where({ id: link.id }).forKeyShare().first('id')))
      throw plainError('The confirmation link has expired or been deactivated.');
    const [row] = (await trx('invitations')
      .insert({
        realm_id: link.realm_id,
        referred_by: link.referred_by,
        email,
        is_multiuse: false,
        invited_as: link.invited_as,
        confirmation_key: generateConfirmationKey(),
        via_invitation_id: link.id,
      })
      .returning('id')) as { id: number }[];
    await trx.raw(
      'INSERT INTO invitation_streams (invitation_id, stream_id) SELECT ?, stream_id FROM invitation_streams WHERE invitation_id = ?',
      [row!.id, link.id],
    );
    await requestInvitationMails(trx, [row!.id]);
  });
}

/** POST /json/join: the confirmation e-mail (or the note to an existing account); answers nothing either way. */
export async function doRequestSignupLink(
  ctx: SettingsContext,
  realmId: number | null,
  clientAddress: string | undefined,
  params: { key: string; email: string },
): Promise<void> {
  const db = ctx.db.knex;
  const link = await openInvitation(ctx, db, realmId, params.key, 'reusable');
  const email = params.email.trim();
  if (!isValidEmail(email)) throw plainError('Enter a valid email address.');
  if (!(await emailAllowedForRealm(db, link.realm_id, email))) {
    throw plainError(
      `Your email address, ${email}, is not in one of the domains that are allowed to register for accounts in this organization.`,
    );
  }
  await checkSignupMailLimits(ctx, clientAddress, email);
  if (await accountByDeliveryEmail(db, link.realm_id, email)) {
    await requestAccountExistsMail(db, link.realm_id, email);
    return;
  }
  await createConfirmation(ctx, link, email);
}
