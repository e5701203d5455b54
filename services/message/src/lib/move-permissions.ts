/**
 * Who may move a message to another stream, and until when (Zulip's can_move_messages_out_of_channel
 * and the channel time limit of check_update_message), as the realm's
 * move_messages_between_streams_policy and move_messages_between_streams_limit_seconds say.
 */
import type { UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { MOVE_BETWEEN_STREAMS_POLICY, type MessagePolicy } from '../queries/realm-policy';

/** Grace on top of a limit, as Zulip (a client may offer the action ~15 s past it). */
export const EDIT_LIMIT_BUFFER_SECONDS = 20;

/**
 * Zulip's is_moderator: moderators and those above them. Roles are compared by name so that
 * 'owner' and 'moderator' count here as soon as the user model has them.
 */
const MODERATOR_OR_ABOVE: ReadonlySet<string> = new Set(['owner', 'admin', 'moderator']);
const ADMIN_OR_ABOVE: ReadonlySet<string> = new Set(['owner', 'admin']);

export function isModeratorOrAbove(user: UserRow): boolean {
  return MODERATOR_OR_ABOVE.has(user.role);
}

export function isAdminOrAbove(user: UserRow): boolean {
  return ADMIN_OR_ABOVE.has(user.role);
}

export function ageSeconds(dateSent: Date | string): number {
  return (Date.now() - new Date(dateSent).getTime()) / 1000;
}

function isFullMember(user: UserRow, policy: MessagePolicy): boolean {
  return ageSeconds(user.date_joined) >= policy.waitingPeriodThreshold * 86400;
}

/** Whether the realm's policy lets `user` move messages between streams (guests and bots' roles as Zulip). */
export function canMoveBetweenStreams(user: UserRow, policy: MessagePolicy): boolean {
  if (isAdminOrAbove(user)) return policy.moveMessagesBetweenStreamsPolicy !== MOVE_BETWEEN_STREAMS_POLICY.nobody;
  if (user.role === 'guest') return false;
  switch (policy.moveMessagesBetweenStreamsPolicy) {
    case MOVE_BETWEEN_STREAMS_POLICY.members:
      return true;
    case MOVE_BETWEEN_STREAMS_POLICY.fullMembers:
      return isModeratorOrAbove(user) || isFullMember(user, policy);
    case MOVE_BETWEEN_STREAMS_POLICY.moderators:
      return isModeratorOrAbove(user);
    default:
      return false;
  }
}

/** The policy, then the time limit (moderators and above have none), with Zulip's errors. */
export function checkMoveBetweenStreams(user: UserRow, dateSent: Date | string, policy: MessagePolicy): void {
  if (!canMoveBetweenStreams(user, policy)) throw badRequest("You don't have permission to move this message");
  const limit = policy.moveMessagesBetweenStreamsLimitSeconds;
  if (limit > 0 && !isModeratorOrAbove(user) && ageSeconds(dateSent) > limit + EDIT_LIMIT_BUFFER_SECONDS) {
    throw badRequest("The time limit for editing this message's channel has passed");
  }
}
