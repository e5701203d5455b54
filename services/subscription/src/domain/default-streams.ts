/**
 * The realm's default streams (Zulip's DefaultStream): listed by GET /streams?include_default,
 * managed by administrators (POST/DELETE /default_streams), given to new users through
 * POST /internal/subscriptions/defaults.
 */
import { badRequest } from '@chat/errors';
import { defaultStreamsForRealm, getUserById, type Database, type Executor, writeNotices } from '@chat/db';
import { userEventNoticeIfAnyRecipient, type Notice } from '@chat/events';
import { activeNonGuestUserIds } from '../store/users';
import { accessStreamByName, type Caller } from './access';
import { bulkSubscribe } from './bulk-subscribe';
import { streamDict } from '@chat/views';

/** `default_streams` with the whole list, as Zulip's notify_default_streams. */
export async function defaultStreamsNotice(db: Executor, realmId: number, userIds: number[]): Promise<Notice[]> {
  const streams = await defaultStreamsForRealm(db, realmId);
  return userEventNoticeIfAnyRecipient(realmId, { type: 'default_streams', default_streams: streams.map(streamDict) }, userIds);
}

export async function addDefaultStream(db: Database, caller: Caller, streamName: string): Promise<void> {
  await db.knex.transaction(async (trx) => {
    const { stream } = await accessStreamByName(trx, caller, streamName);
    if (stream.invite_only) throw badRequest('Private streams cannot be made default.');
    const inserted = await trx('default_streams')
      .insert({ realm_id: caller.realmId, stream_id: stream.id })
      .onConflict(['realm_id', 'stream_id'])
      .ignore()
      .returning('id');
    if (inserted.length === 0) return;
    await writeNotices(trx, await defaultStreamsNotice(trx, caller.realmId, await activeNonGuestUserIds(trx, caller.realmId)));
  });
}

export async function removeDefaultStream(db: Database, caller: Caller, streamName: string): Promise<void> {
  await db.knex.transaction(async (trx) => {
    const { stream } = await accessStreamByName(trx, caller, streamName, true);
    // Deleted rows are counted through RETURNING: PGlite's driver reports no row count.
    const removed = await trx('default_streams').where({ realm_id: caller.realmId, stream_id: stream.id }).del().returning('id');
    if (removed.length === 0) return;
    await writeNotices(trx, await defaultStreamsNotice(trx, caller.realmId, await activeNonGuestUserIds(trx, caller.realmId)));
  });
}

/**
 * Subscribes a new user to the realm's default streams, with the events a subscribe sends (Zulip
 * does this in process_new_human_user). Called by the service that created the user, after its
 * transaction committed.
 */
export async function subscribeToDefaultStreams(
  db: Database,
  realmId: number,
  userId: number,
  externalHost: string,
): Promise<{ subscribed: string[]; already_subscribed: string[] }> {
  return db.knex.transaction(async (trx) => {
    const user = await getUserById(trx, realmId, userId);
    if (!user || !user.is_active) throw badRequest('Invalid user ID');
    const streams = await defaultStreamsForRealm(trx, realmId);
    const result = await bulkSubscribe(trx, realmId, streams, [user], { externalHost });
    await writeNotices(trx, result.notices);
    return {
      subscribed: result.subscribed.map((p) => p.stream.name),
      already_subscribed: result.alreadySubscribed.map((p) => p.stream.name),
    };
  });
}
