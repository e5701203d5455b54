/**
 * Subscribing a user another service has just created (Zulip's process_new_human_user): to the
 * realm's default streams, or to the streams an invitation named, with the events a subscribe
 * sends, in one transaction.
 */
import { badRequest } from '@chat/errors';
import { getUserById, writeNotices, type Executor, type StreamRow, type UserRow } from '@chat/db';
import { bulkSubscribe } from './bulk-subscribe';

/** The answer: the streams' names (a type, not an interface, so it is a handler's result). */
export type NewUserSubscriptions = {
  subscribed: string[];
  already_subscribed: string[];
};

/** The new user, who must exist and be active. */
export async function checkNewUser(trx: Executor, realmId: number, userId: number): Promise<UserRow> {
  const user = await getUserById(trx, realmId, userId);
  if (!user || !user.is_active) throw badRequest('Invalid user ID');
  return user;
}

/** Subscribes inside `trx` and writes the notices; the answer names the streams. */
export async function subscribeNewUser(
  trx: Executor,
  realmId: number,
  user: UserRow,
  streams: StreamRow[],
  externalHost: string,
): Promise<NewUserSubscriptions> {
  const result = await bulkSubscribe(trx, realmId, streams, [user], { externalHost });
  await writeNotices(trx, result.notices);
  return {
    subscribed: result.subscribed.map((p) => p.stream.name),
    already_subscribed: result.alreadySubscribed.map((p) => p.stream.name),
  };
}
