/** The invitations table (migration 0930): rows, what the links look like, what is still pending. */
import { randomInt } from 'node:crypto';
import { isRowId, isStorableText, type Executor, type Role } from '@chat/db';

export interface InvitationRow {
  id: number;
  realm_id: number;
  referred_by: number;
  email: string | null;
  is_multiuse: boolean;
  invited_as: number;
  confirmation_key: string;
  invited_at: Date;
  accepted_at: Date | null;
}

/**
 * invite_as: Zulip 2.1's PreregistrationUser.INVITE_AS (1 member, 2 administrator, 3 guest) and
 * the role numbers today's clients send (UserProfile.ROLE_*). Owners and moderators do not exist
 * on this server, so 100 and 300 are refused like any unknown number.
 */
const ROLE_OF_INVITE_AS: Readonly<Record<number, Role>> = { 1: 'member', 2: 'admin', 3: 'guest', 200: 'admin', 400: 'member', 600: 'guest' };

export function roleOfInviteAs(inviteAs: number): Role | undefined {
  return ROLE_OF_INVITE_AS[inviteAs];
}

/** Zulip's confirmation keys: 24 characters, lower-case letters and digits (about 124 bits). */
const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const KEY_LENGTH = 24;

export function generateConfirmationKey(): string {
  let key = '';
  for (let i = 0; i < KEY_LENGTH; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return key;
}

/** Where each kind of link leads (Zulip's confirmation_url paths; the web client serves both). */
export function invitationLink(realmUrl: string, invitation: Pick<InvitationRow, 'is_multiuse' | 'confirmation_key'>): string {
  return invitation.is_multiuse ? `${realmUrl}/join/${invitation.confirmation_key}/` : `${realmUrl}/accounts/do_confirm/${invitation.confirmation_key}`;
}

export function expiresAt(invitation: Pick<InvitationRow, 'invited_at'>, validityDays: number): Date {
  return new Date(invitation.invited_at.getTime() + validityDays * 86_400_000);
}

/** Invitations whose links still work: not accepted, sent within the validity window. */
export function pendingInvitations(db: Executor, realmId: number, validityDays: number) {
  // Qualified names: callers join the inviter's row, which has a realm_id too.
  return db<InvitationRow>('invitations')
    .where('invitations.realm_id', realmId)
    .whereNull('invitations.accepted_at')
    .where('invitations.invited_at', '>', new Date(Date.now() - validityDays * 86_400_000));
}

/** One of the realm's invitations by id, of the kind asked for, locked for the change about to be made. */
export async function invitationById(db: Executor, realmId: number, id: number, multiuse: boolean): Promise<InvitationRow | undefined> {
  if (!isRowId(id)) return undefined;
  return db<InvitationRow>('invitations').where({ realm_id: realmId, id, is_multiuse: multiuse }).whereNull('accepted_at').forUpdate().first();
}

/** The pending invitation a link's key opens, or undefined (unknown, used, revoked or expired). */
export async function invitationByKey(db: Executor, key: string, validityDays: number): Promise<InvitationRow | undefined> {
  if (key.length !== KEY_LENGTH || !isStorableText(key)) return undefined;
  const row = await db<InvitationRow>('invitations').where({ confirmation_key: key }).whereNull('accepted_at').first();
  if (!row || expiresAt(row, validityDays).getTime() <= Date.now()) return undefined;
  return row;
}

export async function invitationStreamIds(db: Executor, invitationId: number): Promise<number[]> {
  const rows: { stream_id: number }[] = await db('invitation_streams').where({ invitation_id: invitationId }).orderBy('stream_id').select('stream_id');
  return rows.map((r) => r.stream_id);
}
