/**
 * Invitations (Zulip's zerver/views/invite.py and its actions): what inviting by e-mail
 * (invite-users.ts) and the reusable links share, and managing what was sent. Who may do what:
 * members and administrators invite (administrators only when the realm sets
 * invite_by_admins_only, and only administrators invite administrators); guests and bots never.
 * Administrators see and manage every pending invitation, others their own: today's Zulip, a
 * superset of 2.1, where only administrators could. Reusable links are administrators' (2.1).
 */
import { getRealm, realmUrlOf, writeNotices, type Executor, type RealmRow, type UserRow } from '@chat/db';
import { plainError, type ApiError } from '@chat/errors';
import { userEventNoticeIfAnyRecipient, type UserEventNotice } from '@chat/events';
import { requestInvitationMails } from '../consumers/invitation-mail';
import type { SettingsContext } from '../deps';
import { generateConfirmationKey, invitationLink, roleOfInviteAs, type InvitationRow } from '../lib/invitations';
import { requireAdmin, requireMemberOrAdmin } from '../lib/permissions';
import { loadActor } from '../queries/actor';
import { humanAdminIds } from '../queries/audiences';
import { actorAndRealm, invitationById, streamsVisibleTo } from '../queries/invitations';
import { checkInviteLimit, recordInvitesSent } from './invite-limit';

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
export const notAdmin = () => plainError('Must be an organization administrator');

/** Zulip's notify_invites_changed: administrators, and the inviter whose list it also is. */
export async function invitesChangedNotice(db: Executor, realmId: number, inviterId: number): Promise<UserEventNotice[]> {
  return userEventNoticeIfAnyRecipient(realmId, { type: 'invites_changed' }, [...(await humanAdminIds(db, realmId)), inviterId]);
}

export function checkInviteAs(actor: UserRow, inviteAs: number): void {
  const role = roleOfInviteAs(inviteAs);
  if (!role) throw plainError('Must be invited as an valid type of user');
  // Zulip's invite_users_backend: administrators alone invite administrators and moderators.
  if ((role === 'admin' || role === 'moderator') && actor.role !== 'admin') throw notAdmin();
}

/**
 * The streams an invitation names, as the inviter may see them (access_stream_by_id: public, or
 * private and subscribed), in one query; the first one not seen is refused.
 */
export async function invitationStreams(
  db: Executor,
  actor: UserRow,
  realm: RealmRow,
  streamIds: number[],
  unknown: (id: number) => ApiError,
): Promise<number[]> {
  const visible = await streamsVisibleTo(db, realm.id, actor.id, streamIds);
  const refused = streamIds.find((id) => !visible.has(id));
  if (refused !== undefined) throw unknown(refused);
  return [...new Set(streamIds)];
}

type InvitationFields = Pick<InvitationRow, 'referred_by' | 'email' | 'is_multiuse' | 'invited_as'>;

/**
 * The invitations, each with a key of its own and every one of the streams: one INSERT for the
 * rows and one for their streams, whatever their number (the rows travel as one JSON array, so
 * no statement outgrows PostgreSQL's limit on parameters).
 */
export async function insertInvitations(
  trx: Executor,
  realmId: number,
  invitations: InvitationFields[],
  streamIds: number[],
): Promise<InvitationRow[]> {
  const rows = invitations.map((fields) => ({ ...fields, confirmation_key: generateConfirmationKey() }));
  const { rows: inserted } = (await trx.raw(
    `INSERT INTO invitations (realm_id, referred_by, email, is_multiuse, invited_as, confirmation_key)
     SELECT ?, r.referred_by, r.email, r.is_multiuse, r.invited_as, r.confirmation_key
     FROM jsonb_to_recordset(?::jsonb) AS r(referred_by int, email text, is_multiuse boolean, invited_as int, confirmation_key text)
     RETURNING *`,
    [realmId, JSON.stringify(rows)],
  )) as { rows: InvitationRow[] };
  if (streamIds.length > 0 && inserted.length > 0) {
    await trx.raw(
      `INSERT INTO invitation_streams (invitation_id, stream_id)
       SELECT i.value::int, s.value::int FROM jsonb_array_elements_text(?::jsonb) i CROSS JOIN jsonb_array_elements_text(?::jsonb) s`,
      [JSON.stringify(inserted.map((row) => row.id)), JSON.stringify(streamIds)],
    );
  }
  return inserted;
}

/** The invitation an id names, if the actor may manage it (its inviter, or an administrator). */
async function manageableInvitation(trx: Executor, actor: UserRow, id: number, multiuse: boolean): Promise<InvitationRow> {
  const invitation = await invitationById(trx, actor.realm_id, id, multiuse);
  if (!invitation) throw plainError('No such invitation');
  if (actor.role !== 'admin' && invitation.referred_by !== actor.id) throw notAdmin();
  return invitation;
}

/**
 * DELETE /invites/{id} and /invites/multiuse/{id} (do_revoke_user_invite, do_revoke_multi_use_invite):
 * the row goes, and its link with it; a reusable link takes the sign-up links it mailed along
 * (their rows cascade), so a leaked link that is revoked lets nobody else in.
 */
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
    // A resend is one more invitation e-mail of the day, as in Zulip.
    const realm = await checkInviteLimit(ctx, trx, realmId, 1);
    const [row] = (await trx('invitations').where({ id: invitation.id }).update({ invited_at: trx.fn.now() }).returning('invited_at')) as {
      invited_at: Date;
    }[];
    await requestInvitationMails(trx, [invitation.id]);
    await recordInvitesSent(trx, realm.id, 1);
    await writeNotices(trx, await invitesChangedNotice(trx, realmId, invitation.referred_by));
    return row!.invited_at;
  });
  return { timestamp: toSeconds(invitedAt) };
}

/** POST /invites/multiuse (do_create_multiuse_invite_link). */
export async function doCreateMultiuseInvite(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  params: { streamIds: number[]; inviteAs: number },
): Promise<{ invite_link: string }> {
  return ctx.db.knex.transaction(async (trx) => {
    const actor = await loadActor(trx, realmId, actorId);
    requireAdmin(actor);
    const realm = (await getRealm(trx, realmId))!;
    checkInviteAs(actor, params.inviteAs);
    const streamIds = await invitationStreams(trx, actor, realm, params.streamIds, (id) =>
      plainError(`Invalid stream id ${id}. No invites were sent.`),
    );
    const [row] = await insertInvitations(
      trx,
      realmId,
      [{ referred_by: actor.id, email: null, is_multiuse: true, invited_as: params.inviteAs }],
      streamIds,
    );
    await writeNotices(trx, await invitesChangedNotice(trx, realmId, actor.id));
    return { invite_link: invitationLink(await realmUrlOf(trx, ctx.config.externalHost, realm), row!) };
  });
}
