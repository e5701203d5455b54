/**
 * POST /invites (Zulip's invite_users_backend and do_invite_users): all or nothing, except
 * addresses that already have an account. Everything that can be checked without writing is
 * checked first; then one short transaction, whose statements do not grow in number with the
 * addresses (the embedded server's database has a single writer, and a long transaction would
 * stall every other write): lock the realm and count the day's invitations, sort the addresses,
 * write the rows, their streams and their e-mail jobs. The e-mails are background jobs.
 */
import { getStreamById, writeNotices, type Executor, type RealmRow, type UserRow } from '@chat/db';
import { plainError } from '@chat/errors';
import { requestInvitationMails } from '../consumers/invitation-mail';
import type { SettingsContext } from '../deps';
import { invitationFailed } from '../lib/invitations';
import { parseInviteeEmails } from '../lib/invitee-emails';
import { actorAndRealm } from '../queries/invitations';
import { checkInviteLimit, checkInviteRequestSize, recordInvitesSent } from './invite-limit';
import { checkInviteAs, insertInvitations, invitationStreams, invitesChangedNotice, notAdmin } from './invitations';
import { checkInvitees } from './invitees';

export interface InviteParams {
  inviteeEmails: string;
  streamIds: number[];
  inviteAs: number;
}

async function withNotificationsStream(db: Executor, realm: RealmRow, ids: number[]): Promise<number[]> {
  const notifications =
    realm.notifications_stream_id === null ? undefined : await getStreamById(db, realm.id, realm.notifications_stream_id);
  return notifications && !notifications.invite_only && !ids.includes(notifications.id) ? [...ids, notifications.id] : ids;
}

/** Zulip's INVITES_MIN_USER_AGE_DAYS: in a realm anyone may join, a new account sending invitations is likely spam. */
const INVITES_MIN_USER_AGE_DAYS = 3;

function checkAccountAge(realm: RealmRow, actor: UserRow): void {
  if (realm.settings.invite_required !== false || actor.role === 'admin') return;
  if (actor.date_joined.getTime() > Date.now() - INVITES_MIN_USER_AGE_DAYS * 86_400_000) {
    throw invitationFailed(
      'Your account is too new to send invites for this organization. Ask an organization admin, or a more experienced user.',
      [],
      false,
    );
  }
}

/** The view's checks, in Zulip's order: who invites, as what, whom (at most a thousand), into which streams. */
async function checkInviteRequest(db: Executor, realmId: number, actorId: number, params: InviteParams) {
  const { actor, realm } = await actorAndRealm(db, realmId, actorId);
  if (realm.settings.invite_by_admins_only === true && actor.role !== 'admin') throw notAdmin();
  checkAccountAge(realm, actor);
  checkInviteAs(actor, params.inviteAs);
  const emails = parseInviteeEmails(params.inviteeEmails);
  if (emails.length === 0) throw plainError('You must specify at least one email address.');
  if (params.streamIds.length === 0) throw plainError('You must specify at least one stream for invitees to join.');
  checkInviteRequestSize(emails.length);
  const named = await invitationStreams(db, actor, realm, params.streamIds, (id) =>
    plainError(`Stream does not exist with id: ${id}. No invites were sent.`),
  );
  return { actor, emails, streamIds: await withNotificationsStream(db, realm, named) };
}

export async function doInviteUsers(ctx: SettingsContext, realmId: number, actorId: number, params: InviteParams): Promise<void> {
  const { actor, emails, streamIds } = await checkInviteRequest(ctx.db.knex, realmId, actorId, params);
  const skipped = await ctx.db.knex.transaction(async (trx) => {
    const realm = await checkInviteLimit(ctx, trx, realmId, emails.length);
    const { valid, errors, skipped } = await checkInvitees(trx, realm, emails);
    if (errors.length > 0)
      throw invitationFailed("Some emails did not validate, so we didn't send any invitations.", [...errors, ...skipped], false);
    if (valid.length === 0) throw invitationFailed("We weren't able to invite anyone.", skipped, false);
    const fields = valid.map((email) => ({ referred_by: actor.id, email, is_multiuse: false, invited_as: params.inviteAs }));
    const rows = await insertInvitations(trx, realmId, fields, streamIds);
    await requestInvitationMails(
      trx,
      rows.map((row) => row.id),
    );
    await recordInvitesSent(trx, realmId, rows.length);
    await writeNotices(trx, await invitesChangedNotice(trx, realmId, actor.id));
    return skipped;
  });
  if (skipped.length > 0) {
    throw invitationFailed(
      "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
      skipped,
      true,
    );
  }
}
