/**
 * The follow-ups this service owns (@chat/contracts' followUps), worked as background jobs: other
 * services request them in their own transactions, and they run here whenever this service is up.
 */
import { followUps, type FollowUpPayload } from '@chat/contracts';
import { ApiError } from '@chat/errors';
import type { Jobs } from '@chat/jobs';
import { doSubscribeToDefaultStreams } from './actions/default-streams';
import { doSubscribeInvitedUser } from './actions/invited-streams';
import type { SubscriptionDeps } from './deps';

type JoinDefaultStreams = FollowUpPayload<typeof followUps.joinDefaultStreams>;
type JoinInvitedStreams = FollowUpPayload<typeof followUps.joinInvitedStreams>;

/** Registers this service's follow-up handlers with the process's jobs. */
export async function registerSubscriptionFollowUps(deps: SubscriptionDeps, jobs: Jobs): Promise<void> {
  const { db, config } = deps;
  // Both idempotent: a rerun finds the user already subscribed and adds (and announces) nothing.
  await jobs.work<JoinDefaultStreams>(followUps.joinDefaultStreams.kind, async ({ payload }) => {
    await unlessUserGone(deps, payload.userId, () => doSubscribeToDefaultStreams(db, payload.realmId, payload.userId, config.externalHost));
  });
  await jobs.work<JoinInvitedStreams>(followUps.joinInvitedStreams.kind, async ({ payload }) => {
    const { realmId, userId, streamIds } = payload;
    await unlessUserGone(deps, userId, () => doSubscribeInvitedUser(db, realmId, userId, streamIds, config.externalHost));
  });
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
