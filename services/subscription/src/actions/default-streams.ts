/**
 * The realm's default streams (Zulip's DefaultStream): listed by GET /streams?include_default,
 * managed by administrators (POST/DELETE /default_streams), given to new users by the
 * joinDefaultStreams follow-up (../follow-ups.ts).
 */
import { badRequest } from '@chat/errors';
import { defaultStreamsForRealm, writeNotices, type Database, type Executor, type StreamRow } from '@chat/db';
import type { Caller } from '../lib/caller';
import { accessStreamByName } from '../queries/access';
import { defaultStreamsNotice } from './default-stream-notices';
import { checkNewUser, subscribeNewUser, type NewUserSubscriptions } from './new-user-subscriptions';

/** Only a public stream the caller may access can be made default. */
export async function checkAddDefaultStream(trx: Executor, caller: Caller, streamName: string): Promise<StreamRow> {
  const { stream } = await accessStreamByName(trx, caller, streamName);
  if (stream.invite_only) throw badRequest('Private streams cannot be made default.');
  return stream;
}

export async function doAddDefaultStream(db: Database, caller: Caller, streamName: string): Promise<void> {
  await db.knex.transaction(async (trx) => {
    const stream = await checkAddDefaultStream(trx, caller, streamName);
    const inserted = await trx('default_streams')
      .insert({ realm_id: caller.realmId, stream_id: stream.id })
      .onConflict(['realm_id', 'stream_id'])
      .ignore()
      .returning('id');
    if (inserted.length === 0) return;
    await writeNotices(trx, await defaultStreamsNotice(trx, caller.realmId));
  });
}

export async function doRemoveDefaultStream(db: Database, caller: Caller, streamName: string): Promise<void> {
  await db.knex.transaction(async (trx) => {
    const { stream } = await accessStreamByName(trx, caller, streamName, { allowAdmin: true });
    // Deleted rows are counted through RETURNING: PGlite's driver reports no row count.
    const removed = await trx('default_streams').where({ realm_id: caller.realmId, stream_id: stream.id }).del().returning('id');
    if (removed.length === 0) return;
    await writeNotices(trx, await defaultStreamsNotice(trx, caller.realmId));
  });
}

/**
 * Subscribes a new user to the realm's default streams, with the events a subscribe sends (Zulip
 * does this in process_new_human_user): the joinDefaultStreams follow-up, which the service that
 * created the user requests in its transaction.
 */
export async function doSubscribeToDefaultStreams(
  db: Database,
  realmId: number,
  userId: number,
  externalHost: string,
): Promise<NewUserSubscriptions> {
  return db.knex.transaction(async (trx) => {
    const user = await checkNewUser(trx, realmId, userId);
    return subscribeNewUser(trx, realmId, user, await defaultStreamsForRealm(trx, realmId), externalHost);
  });
}
