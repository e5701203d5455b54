/**
 * A user who accepted an invitation joins the streams it named (streams deactivated since are
 * passed over), or the realm's default streams when it named none, as Zulip's
 * process_new_human_user. Called by the settings service after the account committed.
 */
import { anyOf, defaultStreamsForRealm, getUserById, writeNotices, type Database, type StreamRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { bulkSubscribe } from './bulk-subscribe';

export async function subscribeInvitedUser(
  db: Database,
  realmId: number,
  userId: number,
  streamIds: number[],
  externalHost: string,
): Promise<{ subscribed: string[]; already_subscribed: string[] }> {
  return db.knex.transaction(async (trx) => {
    const user = await getUserById(trx, realmId, userId);
    if (!user || !user.is_active) throw badRequest('Invalid user ID');
    const named: StreamRow[] =
      streamIds.length === 0 ? [] : await trx<StreamRow>('streams').where({ realm_id: realmId, deactivated: false }).whereRaw(...anyOf('id', streamIds)).orderBy('name');
    const streams = named.length > 0 ? named : await defaultStreamsForRealm(trx, realmId);
    const result = await bulkSubscribe(trx, realmId, streams, [user], { externalHost });
    await writeNotices(trx, result.notices);
    return {
      subscribed: result.subscribed.map((p) => p.stream.name),
      already_subscribed: result.alreadySubscribed.map((p) => p.stream.name),
    };
  });
}
