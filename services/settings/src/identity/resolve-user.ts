/**
 * The one place an external identity becomes an account of the realm, or a clear refusal; every
 * external backend (OpenID Connect, later SAML and LDAP) ends here:
 * 1. the (issuer, subject) bound to an account at an earlier login names it, whatever address
 *    the provider claims today;
 * 2. else the address names an existing account only when the provider says it verified it
 *    (an unverified claim of someone's address is how accounts are taken over), and the
 *    (issuer, subject) is bound to that account from then on;
 * 3. else the account is created when the realm admits the person (auto sign-up on, or the
 *    sign-up button, within the realm's domain and invitation rules), bound likewise.
 * Deactivated people and realms are refused; bots never log in this way.
 */
import { emailAllowedForRealm, getRealm, writeNotices, type Executor, type RealmRow, type UserRow } from '@chat/db';
import { followUps } from '@chat/contracts';
import { requestFollowUp, type HeldFollowUp } from '@chat/dispatch';
import { settleFollowUps } from '@chat/runtime';
import type { SettingsContext } from '../deps';
import { checkFullName, isValidEmail } from '../lib/accounts';
import { refused } from '../lib/login-refusal';
import { roleOfInviteAs } from '../lib/invitations';
import { invitationStreamIds } from '../queries/invitations';
import { userRowById } from '../queries/users';
import { doCreateUser } from '../actions/create-user';
import { invitesChangedNotice } from '../actions/invitations';
import type { ExternalIdentity } from './external-identity';

async function boundUser(db: Executor, realmId: number, identity: ExternalIdentity): Promise<UserRow | undefined> {
  const row: { user_id: number } | undefined = await db('external_identities')
    .where({ realm_id: realmId, issuer: identity.issuer, subject: identity.subject })
    .first('user_id');
  return row ? userRowById(db, row.user_id) : undefined;
}

async function userByAddress(db: Executor, realmId: number, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ realm_id: realmId }).whereRaw('lower(delivery_email) = lower(?)', [email]).first();
}

async function bind(db: Executor, realmId: number, userId: number, identity: ExternalIdentity): Promise<void> {
  await db('external_identities')
    .insert({ realm_id: realmId, user_id: userId, issuer: identity.issuer, subject: identity.subject })
    .onConflict(['realm_id', 'issuer', 'subject'])
    .ignore();
}

function checkUsable(user: UserRow): UserRow {
  if (user.is_bot) throw refused('Bots cannot log in this way.', 'bot');
  if (!user.is_active) throw refused('Your account has been disabled.', 'user disable');
  return user;
}

/** The latest pending e-mail invitation to the address (invite-only realms admit only the invited). */
async function pendingInvitation(db: Executor, realmId: number, email: string): Promise<{ id: number; invited_as: number } | undefined> {
  return db('invitations')
    .where({ realm_id: realmId, is_multiuse: false })
    .whereNull('accepted_at')
    .whereRaw('lower(email) = lower(?)', [email])
    .orderBy('id', 'desc')
    .first('id', 'invited_as');
}

/**
 * Whether the realm lets this person make an account by logging in (Zulip's auto sign-up), and
 * the invitation they accept doing so, if any (its role and streams are theirs, as at sign-up).
 */
async function admitNewcomer(
  db: Executor,
  realm: RealmRow,
  email: string,
  isSignup: boolean,
): Promise<{ id: number; invited_as: number } | undefined> {
  const settings = (realm.settings ?? {}) as Record<string, unknown>;
  if (!isSignup && settings.external_auth_auto_signup !== true) {
    throw refused(`No account of this organization has the address ${email}. Ask an administrator for an invitation.`, 'no account');
  }
  if (!(await emailAllowedForRealm(db, realm.id, email))) {
    throw refused(
      `Your email address, ${email}, is not in one of the domains that are allowed to register for accounts in this organization.`,
      'domain not allowed',
    );
  }
  const invitation = await pendingInvitation(db, realm.id, email);
  if (settings.invite_required !== false && !invitation) {
    throw refused('This organization requires an invitation to join.', 'invitation required');
  }
  return invitation;
}

function nameFor(identity: ExternalIdentity, email: string): string {
  try {
    return checkFullName(identity.fullName ?? '');
  } catch {
    return email.split('@')[0]!.slice(0, 100).padEnd(2, '_');
  }
}

/** A user of this realm for the identity the provider vouched for, or a refusal (403) saying why. */
export async function userForExternalIdentity(
  ctx: SettingsContext,
  realmId: number,
  identity: ExternalIdentity,
  options: { isSignup: boolean },
): Promise<UserRow> {
  const held: HeldFollowUp[] = [];
  const user = await ctx.db.knex.transaction(async (trx) => {
    const realm = await getRealm(trx, realmId);
    if (!realm || realm.deactivated) throw refused('This organization has been deactivated.', 'realm deactivated');
    const bound = await boundUser(trx, realmId, identity);
    if (bound) return checkUsable(bound);
    const email = identity.email?.trim() ?? '';
    if (!isValidEmail(email)) throw refused('Your identity provider gave no e-mail address.', 'no email');
    const existing = await userByAddress(trx, realmId, email);
    if (existing) {
      if (!identity.emailVerified) {
        throw refused(
          'Your identity provider has not verified your e-mail address, so it cannot log you in to this account.',
          'email not verified',
        );
      }
      checkUsable(existing);
      await bind(trx, realmId, existing.id, identity);
      return existing;
    }
    if (!identity.emailVerified) throw refused('Your identity provider has not verified your e-mail address.', 'email not verified');
    const invitation = await admitNewcomer(trx, realm, email, options.isSignup);
    const created = await doCreateUser(ctx, trx, {
      realmId,
      email,
      fullName: nameFor(identity, email),
      shortName: email.split('@')[0]!,
      role: (invitation && roleOfInviteAs(invitation.invited_as)) ?? 'member',
      passwordHash: null,
    });
    await bind(trx, realmId, created.user.id, identity);
    const accepted = await trx('invitations')
      .where({ realm_id: realmId, is_multiuse: false })
      .whereNull('accepted_at')
      .whereRaw('lower(email) = lower(?)', [email])
      .update({ accepted_at: trx.fn.now() }, ['referred_by']);
    for (const row of accepted as { referred_by: number | null }[]) {
      if (row.referred_by !== null) await writeNotices(trx, await invitesChangedNotice(trx, realmId, row.referred_by));
    }
    // The invitation's streams; none named (or no invitation): the realm's default streams.
    const streamIds = invitation ? await invitationStreamIds(trx, invitation.id) : [];
    await requestFollowUp(trx, followUps.joinInvitedStreams, { realmId, userId: created.user.id, streamIds }, held);
    return created.user;
  });
  await settleFollowUps({ db: ctx.db.knex, internal: ctx.internal, logger: ctx.logger }, held);
  return user;
}
