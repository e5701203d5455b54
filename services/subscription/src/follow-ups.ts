/**
 * The follow-ups this service owns (@chat/contracts' followUps): other services request them in
 * their own transactions; the jobs work them whenever this service is up, and the requester may
 * run a held one at once through POST /internal/follow-ups/subscription (routes/follow-ups.ts).
 */
import { followUps, type FollowUpPayload } from '@chat/contracts';
import { ApiError } from '@chat/errors';
import type { JobHandler } from '@chat/jobs';
import type { FollowUpHandlers } from '@chat/runtime';
import { doSubscribeToDefaultStreams } from './actions/default-streams';
import { doSubscribeInvitedUser } from './actions/invited-streams';
import type { SubscriptionDeps } from './deps';

type JoinDefaultStreams = FollowUpPayload<typeof followUps.joinDefaultStreams>;
type JoinInvitedStreams = FollowUpPayload<typeof followUps.joinInvitedStreams>;

/** The handlers by kind; both idempotent: a rerun finds the user already subscribed and adds (and announces) nothing. */
export function subscriptionFollowUpHandlers(deps: SubscriptionDeps): FollowUpHandlers {
  const { db, config } = deps;
  const joinDefault: JobHandler<JoinDefaultStreams> = async ({ payload }) => {
    await unlessUserGone(deps, payload.userId, () => doSubscribeToDefaultStreams(db, payload.realmId, payload.userId, config.externalHost));
  };
  const joinInvited: JobHandler<JoinInvitedStreams> = async ({ payload }) => {
    const { realmId, userId, streamIds } = payload;
    await unlessUserGone(deps, userId, () => doSubscribeInvitedUser(db, realmId, userId, streamIds, config.externalHost));
  };
  return {
    [followUps.joinDefaultStreams.kind]: joinDefault as FollowUpHandlers[string],
    [followUps.joinInvitedStreams.kind]: joinInvited as FollowUpHandlers[string],
  };
}

/** A user deactivated before the job ran has no streams to join: the job ends, logged. */
async function unlessUserGone(deps: SubscriptionDeps, userId: number, join: () => Promise<unknown>): Promise<void> {
  try {
    await join();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    deps.logger.info({ userId, reason: err.message }, 'new user joined no streams');
  }
}
