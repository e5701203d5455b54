/**
 * A user who accepted an invitation joins the streams it named (streams deactivated since are
 * passed over), or the realm's default streams when it named none, as Zulip's
 * process_new_human_user: the joinInvitedStreams follow-up, which the settings service requests
 * in the account's transaction.
 */
import { defaultStreamsForRealm, type Database } from '@chat/db';
import { activeStreamsByIds } from '../queries/streams';
import { checkNewUser, subscribeNewUser, type NewUserSubscriptions } from './new-user-subscriptions';

export async function doSubscribeInvitedUser(
  db: Database,
  realmId: number,
  userId: number,
  streamIds: number[],
  externalHost: string,
): Promise<NewUserSubscriptions> {
  return db.knex.transaction(async (trx) => {
    const user = await checkNewUser(trx, realmId, userId);
    const named = await activeStreamsByIds(trx, realmId, streamIds);
    const streams = named.length > 0 ? named : await defaultStreamsForRealm(trx, realmId);
    return subscribeNewUser(trx, realmId, user, streams, externalHost);
  });
}
