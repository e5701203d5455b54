/**
 * Invitations (Zulip's zerver/views/invite.py and do_invite_users and kin). Who may do what:
 * members and administrators invite (administrators only when the realm sets
 * invite_by_admins_only, and only administrators invite administrators); guests and bots never.
 * Administrators see and manage every pending invitation, others their own: today's Zulip, a
 * superset of 2.1, where only administrators could. Reusable links are administrators' (2.1).
 */
import { getRealm, getStreamById, isSubscribed, realmUrlOf, writeNotices, type Executor, type RealmRow, type UserRow } from '@chat/db';
import { ApiError, plainError } from '@chat/errors';
import { userEventNoticeIfAnyRecipient, type UserEventNotice } from '@chat/events';
import { requestInvitationMail } from '../consumers/invitation-mail';
import type { SettingsContext } from '../deps';
import { generateConfirmationKey, invitationLink, roleOfInviteAs, type InvitationRow } from '../lib/invitations';
import { parseInviteeEmails } from '../lib/invitee-emails';
import { requireAdmin, requireMemberOrAdmin } from '../lib/permissions';
import { loadActor } from '../queries/actor';
import { humanAdminIds } from '../queries/audiences';
import { actorAndRealm, invitationById } from '../queries/invitations';
import { checkInvitees } from './invitees';

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const notAdmin = () => plainError('Must be an organization administrator');

/** Zulip's notify_invites_changed: administrators, and the inviter whose list it also is. */
export async function invitesChangedNotice(db: Executor, realmId: number, inviterId: number): Promise<UserEventNotice[]> {
  return userEventNoticeIfAnyRecipient(realmId, { type: 'invites_changed' }, [...(await humanAdminIds(db, realmId)), inviterId]);
}

function checkInviteAs(actor: UserRow, inviteAs: number): void {
  const role = roleOfInviteAs(inviteAs);
  if (!role) throw plainError('Must be invited as an valid type of user');
  if (role === 'admin' && actor.role !== 'admin') throw notAdmin();
}

/**
 * The streams an invitation names, as the inviter may see them (access_stream_by_id: public, or
 * private and subscribed), plus the realm's notifications stream when it is public.
 */
async function invitationStreams(db: Executor, actor: UserRow, realm: RealmRow, streamIds: number[], unknown: (id: number) => ApiError): Promise<number[]> {
  const ids = new Set<number>();
  for (const streamId of streamIds) {
    const stream = await getStreamById(db, realm.id, streamId);
    if (!stream || (stream.invite_only && !(await isSubscribed(db, actor.id, stream.id)))) throw unknown(streamId);
    ids.add(stream.id);
  }
  return [...ids];
}

async function withNotificationsStream(db: Executor, realm: RealmRow, ids: number[]): Promise<number[]> {
  const notifications = realm.notifications_stream_id === null ? undefined : await getStreamById(db, realm.id, realm.notifications_stream_id);
  return notifications && !notifications.invite_only && !ids.includes(notifications.id) ? [...ids, notifications.id] : ids;
}

/** Zulip's INVITES_MIN_USER_AGE_DAYS: in a realm anyone may join, a new account sending invitations is likely spam. */
const INVITES_MIN_USER_AGE_DAYS = 3;

function checkAccountAge(realm: RealmRow, actor: UserRow): void {
  if (realm.settings.invite_required !== false || actor.role === 'admin') return;
  if (actor.date_joined.getTime() > Date.now() - INVITES_MIN_USER_AGE_DAYS * 86_400_000) {
    throw invitationFailed('Your account is too new to send invites for this organization. Ask an organization admin, or a more experienced user.', [], false);
  }
}

function invitationFailed(msg: string, errors: unknown[], sentInvitations: boolean): ApiError {
  return new ApiError(msg, { code: 'INVITATION_FAILED', extra: { errors, sent_invitations: sentInvitations } });
}

type InvitationFields = Pick<InvitationRow, 'referred_by' | 'email' | 'is_multiuse' | 'invited_as'>;

/** The invitations, each with a key of its own and every one of the streams: one INSERT for the rows, one for their streams. */
async function insertInvitations(trx: Executor, realmId: number, invitations: InvitationFields[], streamIds: number[]): Promise<InvitationRow[]> {
  const rows = (await trx('invitations')
    .insert(invitations.map((fields) => ({ realm_id: realmId, ...fields, confirmation_key: generateConfirmationKey() })))
    .returning('*')) as InvitationRow[];
  if (streamIds.length > 0) {
    await trx('invitation_streams').insert(rows.flatMap((row) => streamIds.map((stream_id) => ({ invitation_id: row.id, stream_id }))));
  }
  return rows;
}

export interface InviteParams {
  inviteeEmails: string;
  streamIds: number[];
  inviteAs: number;
}

/** do_invite_users's checks, in its order: the addresses to invite, the streams, and those skipped. */
async function checkInvite(trx: Executor, realmId: number, actorId: number, params: InviteParams) {
  const { actor, realm } = await actorAndRealm(trx, realmId, actorId);
  if (realm.settings.invite_by_admins_only === true && actor.role !== 'admin') throw notAdmin();
  checkAccountAge(realm, actor);
  checkInviteAs(actor, params.inviteAs);
  const emails = parseInviteeEmails(params.inviteeEmails);
  if (emails.length === 0) throw plainError('You must specify at least one email address.');
  if (params.streamIds.length === 0) throw plainError('You must specify at least one stream for invitees to join.');
  const named = await invitationStreams(trx, actor, realm, params.streamIds, (id) => plainError(`Stream does not exist with id: ${id}. No invites were sent.`));
  const streamIds = await withNotificationsStream(trx, realm, named);
  const { valid, errors, skipped } = await checkInvitees(trx, realm, emails);
  if (errors.length > 0) throw invitationFailed("Some emails did not validate, so we didn't send any invitations.", [...errors, ...skipped], false);
  if (valid.length === 0) throw invitationFailed("We weren't able to invite anyone.", skipped, false);
  return { actor, valid, skipped, streamIds };
}

/** POST /invites (do_invite_users): all or nothing, except addresses that already have an account. */
export async function doInviteUsers(ctx: SettingsContext, realmId: number, actorId: number, params: InviteParams): Promise<void> {
  const created = await ctx.db.knex.transaction(async (trx) => {
    const { actor, valid, skipped, streamIds } = await checkInvite(trx, realmId, actorId, params);
    const fields = valid.map((email) => ({ referred_by: actor.id, email, is_multiuse: false, invited_as: params.inviteAs }));
    for (const row of await insertInvitations(trx, realmId, fields, streamIds)) await requestInvitationMail(trx, row.id);
    await writeNotices(trx, await invitesChangedNotice(trx, realmId, actor.id));
    return { skipped };
  });
  if (created.skipped.length > 0) {
    throw invitationFailed(
      "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
      created.skipped,
      true,
    );
  }
}

/** The invitation an id names, if the actor may manage it (its inviter, or an administrator). */
async function manageableInvitation(trx: Executor, actor: UserRow, id: number, multiuse: boolean): Promise<InvitationRow> {
  const invitation = await invitationById(trx, actor.realm_id, id, multiuse);
  if (!invitation) throw plainError('No such invitation');
  if (actor.role !== 'admin' && invitation.referred_by !== actor.id) throw notAdmin();
  return invitation;
}

/** DELETE /invites/{id} and /invites/multiuse/{id} (do_revoke_user_invite, do_revoke_multi_use_invite): the row goes, and its link with it. */
export async function doRevokeInvite(ctx: SettingsContext, realmId: number, actorId: number, id: number, multiuse: boolean): Promise<void> {
  await ctx.db.knex.transaction(async (trx) => {
    const actor = await loadActor(trx, realmId, actorId);
    if (multiuse) requireAdmin(actor);
    else requireMemberOrAdmin(actor);
    const invitation = await manageableInvitation(trx, actor, id, multiuse);
    await trx('invitations').where({ id: invitation.id }).del();
    await writeNotices(trx, await invitesChangedNotice(trx, realmId, invitation.referred_by));
  });
}

/** POST /invites/{id}/resend (do_resend_user_invite_email): sent again now, so valid again for the whole period. */
export async function doResendInvite(ctx: SettingsContext, realmId: number, actorId: number, id: number): Promise<{ timestamp: number }> {
  const invitedAt = await ctx.db.knex.transaction(async (trx) => {
    const { actor } = await actorAndRealm(trx, realmId, actorId);
    const invitation = await manageableInvitation(trx, actor, id, false);
    const [row] = (await trx('invitations').where({ id: invitation.id }).update({ invited_at: trx.fn.now() }).returning('invited_at')) as { invited_at: Date }[];
    await requestInvitationMail(trx, invitation.id);
    await writeNotices(trx, await invitesChangedNotice(trx, realmId, invitation.referred_by));
    return row!.invited_at;
  });
  return { timestamp: toSeconds(invitedAt) };
}

/** POST /invites/multiuse (do_create_multiuse_invite_link). */
export async function doCreateMultiuseInvite(ctx: SettingsContext, realmId: number, actorId: number, params: { streamIds: number[]; inviteAs: number }): Promise<{ invite_link: string }> {
  return ctx.db.knex.transaction(async (trx) => {
    const actor = await loadActor(trx, realmId, actorId);
    requireAdmin(actor);
    const realm = (await getRealm(trx, realmId))!;
    checkInviteAs(actor, params.inviteAs);
    const streamIds = await invitationStreams(trx, actor, realm, params.streamIds, (id) => plainError(`Invalid stream id ${id}. No invites were sent.`));
    const [row] = await insertInvitations(trx, realmId, [{ referred_by: actor.id, email: null, is_multiuse: true, invited_as: params.inviteAs }], streamIds);
    await writeNotices(trx, await invitesChangedNotice(trx, realmId, actor.id));
    return { invite_link: invitationLink(await realmUrlOf(trx, ctx.config.externalHost, realm), row!) };
  });
}
