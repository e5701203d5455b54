/**
 * Invitations as GET /invites, the sign-up page and the invitation e-mail read them (Zulip's
 * zerver/views/invite.py reads and its confirmation look-ups).
 */
import { getRealm, isRowId, isStorableText, realmUrlOf, type Executor, type RealmRow, type UserRow } from '@chat/db';
import { plainError } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { expiresAt, invitationLink, KEY_LENGTH, type InvitationRow } from '../lib/invitations';
import { requireMemberOrAdmin } from '../lib/permissions';
import { loadActor } from './actor';

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** An inviter (a member or administrator) and their realm. */
export async function actorAndRealm(db: Executor, realmId: number, actorId: number): Promise<{ actor: UserRow; realm: RealmRow }> {
  const actor = await loadActor(db, realmId, actorId);
  requireMemberOrAdmin(actor);
  return { actor, realm: (await getRealm(db, realmId))! };
}

/**
 * Invitations whose links still work: not accepted, sent within the validity window. Sign-up
 * confirmations are the signer's own, not an inviter's, so they are not among them.
 */
function pendingInvitations(db: Executor, realmId: number, validityDays: number) {
  // Qualified names: callers join the inviter's row, which has a realm_id too.
  return db<InvitationRow>('invitations')
    .where('invitations.realm_id', realmId)
    .whereNull('invitations.accepted_at')
    .whereNull('invitations.via_invitation_id')
    .where('invitations.invited_at', '>', new Date(Date.now() - validityDays * 86_400_000));
}

/** GET /invites: e-mail invitations and reusable links still pending, in Zulip's dicts. */
export async function listInvites(ctx: SettingsContext, realmId: number, actorId: number): Promise<Record<string, unknown>> {
  const db = ctx.db.knex;
  const { actor, realm } = await actorAndRealm(db, realmId, actorId);
  const query = pendingInvitations(db, realmId, ctx.config.invitationLinkValidityDays)
    .join('users as u', 'u.id', 'invitations.referred_by')
    .orderBy('invitations.id')
    .select('invitations.*', 'u.delivery_email as referrer_email');
  if (actor.role !== 'admin') query.where('invitations.referred_by', actor.id);
  const rows = (await query) as (InvitationRow & { referrer_email: string })[];
  const realmUrl = await realmUrlOf(db, ctx.config.externalHost, realm);
  const invites = rows.map((row) => ({
    id: row.id,
    ...(row.is_multiuse ? { link_url: invitationLink(realmUrl, row) } : { email: row.email }),
    ref: row.referrer_email,
    invited_by_user_id: row.referred_by,
    invited: toSeconds(row.invited_at),
    expiry_date: toSeconds(expiresAt(row, ctx.config)),
    invited_as: row.invited_as,
    is_multiuse: row.is_multiuse,
  }));
  return { invites };
}

/** One of the realm's invitations by id, of the kind asked for, locked for the change about to be made. */
export async function invitationById(db: Executor, realmId: number, id: number, multiuse: boolean): Promise<InvitationRow | undefined> {
  if (!isRowId(id)) return undefined;
  return db<InvitationRow>('invitations')
    .where({ realm_id: realmId, id, is_multiuse: multiuse })
    .whereNull('accepted_at')
    .whereNull('via_invitation_id')
    .forUpdate()
    .first();
}

/** The pending invitation a link's key opens, or undefined (unknown, used, revoked or expired). */
async function invitationByKey(ctx: SettingsContext, db: Executor, key: string): Promise<InvitationRow | undefined> {
  if (key.length !== KEY_LENGTH || !isStorableText(key)) return undefined;
  const row = await db<InvitationRow>('invitations').where({ confirmation_key: key }).whereNull('accepted_at').first();
  if (!row || expiresAt(row, ctx.config).getTime() <= Date.now()) return undefined;
  return row;
}

const badLink = () => plainError('The confirmation link has expired or been deactivated.');

/**
 * The pending invitation a link's key opens on the realm the page is on, or Zulip's refusal: a
 * link opened on another realm's host, or on a host that names no realm (`realmId` null), opens
 * nothing. `kind` says which links the caller takes: an account is made only from a link that
 * proves its address (an e-mail invitation or a sign-up confirmation); a reusable link only
 * leads to the form that mails such a link.
 */
export async function openInvitation(
  ctx: SettingsContext,
  db: Executor,
  realmId: number | null,
  key: string,
  kind: 'any' | 'addressed' | 'reusable' = 'any',
): Promise<InvitationRow> {
  const invitation = await invitationByKey(ctx, db, key);
  if (!invitation || invitation.realm_id !== realmId) throw badLink();
  if ((kind === 'addressed' && invitation.is_multiuse) || (kind === 'reusable' && !invitation.is_multiuse)) throw badLink();
  return invitation;
}

/** GET /json/signup/invitation: what the page shows above its form. */
export async function describeInvitation(ctx: SettingsContext, realmId: number | null, key: string): Promise<Record<string, unknown>> {
  const invitation = await openInvitation(ctx, ctx.db.knex, realmId, key);
  const realm = (await getRealm(ctx.db.knex, invitation.realm_id))!;
  return { email: invitation.email ?? undefined, realm_name: realm.name, is_multiuse: invitation.is_multiuse };
}

/** The e-mail invitation or sign-up confirmation, while nobody has signed up with it. */
export async function pendingEmailInvitation(db: Executor, invitationId: number): Promise<InvitationRow | undefined> {
  return db<InvitationRow>('invitations').where({ id: invitationId, is_multiuse: false }).whereNull('accepted_at').first();
}

/** Invitation e-mails the realm sent in the last 24 hours (the daily cap's count). */
export async function invitesSentToday(db: Executor, realmId: number): Promise<number> {
  const row = (await db('realm_invites_sent')
    .where({ realm_id: realmId })
    .where('sent_at', '>', db.raw("now() - interval '1 day'"))
    .first(db.raw('coalesce(sum(count), 0)::int AS n'))) as { n: number };
  return row.n;
}

/** Locks the invitation for the sign-up about to use it. */
export async function lockInvitation(trx: Executor, invitationId: number): Promise<void> {
  await trx('invitations').where({ id: invitationId }).forUpdate().first('id');
}

export async function invitationStreamIds(db: Executor, invitationId: number): Promise<number[]> {
  const rows: { stream_id: number }[] = await db('invitation_streams')
    .where({ invitation_id: invitationId })
    .orderBy('stream_id')
    .select('stream_id');
  return rows.map((r) => r.stream_id);
}

/**
 * Of these stream ids, those of the realm the inviter may see (access_stream_by_id: public, or
 * private and subscribed), in one query whatever their number (one JSON array).
 */
export async function streamsVisibleTo(db: Executor, realmId: number, actorId: number, streamIds: readonly number[]): Promise<Set<number>> {
  const ids = [...new Set(streamIds.filter(isRowId))];
  if (ids.length === 0) return new Set();
  const rows: { id: number }[] = await db('streams as s')
    .where({ 's.realm_id': realmId, 's.deactivated': false })
    .whereRaw('s.id IN (SELECT value::int FROM jsonb_array_elements_text(?::jsonb))', [JSON.stringify(ids)])
    .where((q) => {
      q.where('s.invite_only', false).orWhereExists(
        db('subscriptions as sub').where({ 'sub.user_id': actorId, 'sub.active': true }).whereRaw('sub.stream_id = s.id'),
      );
    })
    .select('s.id');
  return new Set(rows.map((r) => r.id));
}
