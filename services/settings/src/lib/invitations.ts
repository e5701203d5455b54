/**
 * Invitations (migration 0930's rows) and sign-up confirmations (0955's: rows with
 * `via_invitation_id`): the roles they give, their keys, what their links look like, how long
 * they work.
 */
import { randomInt } from 'node:crypto';
import { EMAIL_INVITATION_PATH, REUSABLE_INVITATION_PATH } from '@chat/contracts';
import { roleOfCode, type Role } from '@chat/db';
import { ApiError } from '@chat/errors';

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
  /** A sign-up confirmation: the reusable link whose form asked for it. */
  via_invitation_id: number | null;
}

/**
 * invite_as: Zulip 2.1's PreregistrationUser.INVITE_AS (1 member, 2 administrator, 3 guest), else
 * the role numbers today's clients send (UserProfile.ROLE_*; moderators from feature level 61).
 * Owners do not exist on this server, so 100 is refused like any unknown number.
 */
const ROLE_OF_LEGACY_INVITE_AS: Readonly<Record<number, Role>> = { 1: 'member', 2: 'admin', 3: 'guest' };

export function roleOfInviteAs(inviteAs: number): Role | undefined {
  return ROLE_OF_LEGACY_INVITE_AS[inviteAs] ?? roleOfCode(inviteAs);
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
  return invitation.is_multiuse
    ? `${realmUrl}${REUSABLE_INVITATION_PATH}/${invitation.confirmation_key}/`
    : `${realmUrl}${EMAIL_INVITATION_PATH}/${invitation.confirmation_key}`;
}

/** How long each kind of link works: an invitation INVITATION_LINK_VALIDITY_DAYS, a confirmation CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS. */
export interface LinkValidity {
  invitationLinkValidityDays: number;
  confirmationLinkValidityDays: number;
}

export function validityDaysOf(invitation: Pick<InvitationRow, 'via_invitation_id'>, validity: LinkValidity): number {
  return invitation.via_invitation_id === null ? validity.invitationLinkValidityDays : validity.confirmationLinkValidityDays;
}

export function expiresAt(invitation: Pick<InvitationRow, 'invited_at' | 'via_invitation_id'>, validity: LinkValidity): Date {
  return new Date(invitation.invited_at.getTime() + validityDaysOf(invitation, validity) * 86_400_000);
}

/** Zulip's InvitationError: code INVITATION_FAILED, the addresses refused or skipped, and whether any was sent. */
export function invitationFailed(msg: string, errors: unknown[], sentInvitations: boolean, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(msg, { code: 'INVITATION_FAILED', extra: { errors, sent_invitations: sentInvitations, ...extra } });
}
