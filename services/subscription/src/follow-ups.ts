/**
 * The follow-ups this service owns (@chat/contracts' followUps), worked as background jobs: other
 * services request them in their own transactions, and they run here whenever this service is up.
 */
import { followUps, type FollowUpPayload } from '@chat/contracts';
import { ApiError } from '@chat/errors';
import type { Jobs } from '@chat/jobs';
import { doSubscribeToDefaultStreams } from './actions/default-streams';
import type { SubscriptionDeps } from './deps';

type JoinDefaultStreams = FollowUpPayload<typeof followUps.joinDefaultStreams>;

/** Registers this service's follow-up handlers with the process's jobs. */
export async function registerSubscriptionFollowUps(deps: SubscriptionDeps, jobs: Jobs): Promise<void> {
  // Idempotent: a rerun finds the user already subscribed and adds (and announces) nothing.
  await jobs.work<JoinDefaultStreams>(followUps.joinDefaultStreams.kind, async ({ payload }) => {
    try {
      await doSubscribeToDefaultStreams(deps.db, payload.realmId, payload.userId, deps.config.externalHost);
    } catch (err) {
      // The user was deactivated before the job ran: there is no one left to subscribe.
      if (!(err instanceof ApiError)) throw err;
      deps.logger.info({ userId: payload.userId, reason: err.message }, 'default streams not joined');
    }
  });
}
