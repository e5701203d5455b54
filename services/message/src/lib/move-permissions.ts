/**
 * Who may move a message to another stream, and until when (Zulip's can_move_messages_out_of_channel
 * and the channel time limit of check_update_message), as the realm's
 * move_messages_between_streams_policy and move_messages_between_streams_limit_seconds say.
 */
import { POLICY, roleMeetsPolicy, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';

/** The realm's settings a move is checked against (part of queries/realm-policy's MessagePolicy). */
export interface MovePolicy {
  /** Zulip's move_messages_between_streams_policy: one of POLICY's values. */
  moveMessagesBetweenStreamsPolicy: number;
  /** How old a message may be to move it to another stream, but for moderators; 0: no limit. */
  moveMessagesBetweenStreamsLimitSeconds: number;
  /** Days before a member counts as a full member (the policy's full-members option). */
  waitingPeriodThreshold: number;
}

/** Grace on top of a limit, as Zulip (a client may offer the action ~15 s past it). */
export const EDIT_LIMIT_BUFFER_SECONDS = 20;

/** Zulip's is_moderator checks: moderators and those above them (libs/db's roles). */
export function isModeratorOrAbove(user: UserRow): boolean {
  return roleMeetsPolicy(user.role, POLICY.MODERATORS_ONLY);
}

export function ageSeconds(dateSent: Date | string): number {
  return (Date.now() - new Date(dateSent).getTime()) / 1000;
}

function isFullMember(user: UserRow, policy: MovePolicy): boolean {
  return ageSeconds(user.date_joined) >= policy.waitingPeriodThreshold * 86400;
}

/**
 * Whether the realm's policy lets `user` move messages between streams: Zulip's has_permission on
 * move_messages_between_streams_policy (whose values are POLICY's), and never a guest.
 */
export function canMoveBetweenStreams(user: UserRow, policy: MovePolicy): boolean {
  if (user.role === 'guest') return false;
  return roleMeetsPolicy(user.role, policy.moveMessagesBetweenStreamsPolicy, isFullMember(user, policy));
}

/** The policy, then the time limit (moderators and above have none), with Zulip's errors. */
export function checkMoveBetweenStreams(user: UserRow, dateSent: Date | string, policy: MovePolicy): void {
  if (!canMoveBetweenStreams(user, policy)) throw badRequest("You don't have permission to move this message");
  const limit = policy.moveMessagesBetweenStreamsLimitSeconds;
  if (limit > 0 && !isModeratorOrAbove(user) && ageSeconds(dateSent) > limit + EDIT_LIMIT_BUFFER_SECONDS) {
    throw badRequest("The time limit for editing this message's channel has passed");
  }
}
