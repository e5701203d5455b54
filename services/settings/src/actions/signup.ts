/**
 * Accepting an invitation (Zulip's confirmation link, registration form and do_create_user with
 * its prereg_user): the link's key names a pending e-mail invitation or sign-up confirmation of
 * the realm the page is on, which was mailed to its address, so whoever holds it owns the
 * address. A reusable link's key makes no account: its page only mails such a link
 * (signup-request.ts). The invitee picks a name and password; the account gets the invitation's
 * role, its streams (the realm's defaults when it named none), and a browser session. The
 * invitation is used up, with any other pending one to that address.
 */
import type { ServerResponse } from 'node:http';
import type { Request } from 'express';
import { followUps } from '@chat/contracts';
import { emailAllowedForRealm, writeNotices, type Executor } from '@chat/db';
import { requestFollowUp, type HeldFollowUp } from '@chat/dispatch';
import { settleFollowUps } from '@chat/runtime';
import { plainError } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { checkFullName } from '../lib/accounts';
import { roleOfInviteAs, type InvitationRow } from '../lib/invitations';
import { invitationStreamIds, lockInvitation, openInvitation } from '../queries/invitations';
import { accountByDeliveryEmail } from '../queries/users';
import { doCreateUser } from './create-user';
import { invitesChangedNotice } from './invitations';
import { startWebSession } from './web-sessions';

/** Zulip's PASSWORD_MIN_LENGTH. */
const PASSWORD_MIN_LENGTH = 6;

export interface SignupParams {
  key: string;
  fullName: string;
  password: string;
}

/**
 * The invitation's address, checked again as registration_helper does: the realm's domains may
 * have changed since it was sent, and an account may have been made with it meanwhile.
 */
async function signupEmail(db: Executor, invitation: InvitationRow): Promise<string> {
  const email = invitation.email!;
  if (!(await emailAllowedForRealm(db, invitation.realm_id, email))) {
    throw plainError(
      `Your email address, ${email}, is not in one of the domains that are allowed to register for accounts in this organization.`,
    );
  }
  if (await accountByDeliveryEmail(db, invitation.realm_id, email))
    throw plainError('A user with that email address already exists. Please log in.');
  return email;
}

/** The registration form's checks of what the invitee typed: the name (as stored) and the password. */
function checkSignUp(params: SignupParams): string {
  const fullName = checkFullName(params.fullName);
  if (params.password.length < PASSWORD_MIN_LENGTH) throw plainError('The password is too weak.');
  return fullName;
}

/** POST /json/signup: the account, the invitation used up, the streams joined, and a browser session. */
export async function doSignUp(
  ctx: SettingsContext,
  realmId: number | null,
  params: SignupParams,
  req: Request,
  res: ServerResponse,
): Promise<Record<string, unknown>> {
  const fullName = checkSignUp(params);
  // The key first, so a request with a made-up key costs no bcrypt round; then hashed before the
  // transaction (bcrypt is slow and PGlite has one connection), which checks the key again.
  await openInvitation(ctx, ctx.db.knex, realmId, params.key, 'addressed');
  const passwordHash = await ctx.passwords.hash(params.password);
  const held: HeldFollowUp[] = [];
  const user = await ctx.db.knex.transaction(async (trx) => {
    const invitation = await openInvitation(ctx, trx, realmId, params.key, 'addressed');
    await lockInvitation(trx, invitation.id);
    const email = await signupEmail(trx, invitation);
    const created = await doCreateUser(ctx, trx, {
      realmId: invitation.realm_id,
      email,
      fullName,
      shortName: email.split('@')[0]!,
      role: roleOfInviteAs(invitation.invited_as) ?? 'member',
      passwordHash,
    });
    await trx('invitations')
      .where({ realm_id: invitation.realm_id, is_multiuse: false })
      .whereNull('accepted_at')
      .whereRaw('lower(email) = lower(?)', [email])
      .update({ accepted_at: trx.fn.now() });
    await writeNotices(trx, await invitesChangedNotice(trx, invitation.realm_id, invitation.referred_by));
    const streamIds = await invitationStreamIds(trx, invitation.id);
    // The subscription service subscribes once this commits, even if it is down at that moment;
    // when it is up, before the answer, so the new user's first page shows the streams.
    await requestFollowUp(trx, followUps.joinInvitedStreams, { realmId: invitation.realm_id, userId: created.user.id, streamIds }, held);
    return created.user;
  });
  await settleFollowUps({ db: ctx.db.knex, internal: ctx.internal, logger: ctx.logger }, held);
  return startWebSession(ctx, user, req, res);
}
