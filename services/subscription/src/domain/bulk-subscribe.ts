/**
 * Zulip's bulk_add_subscriptions: subscribes users to streams inside the caller's transaction and
 * returns the notices to write with it: `stream` `occupy` for public streams that gain their first
 * subscriber (to everyone), `stream` `create` to new non-admin subscribers of private streams (they
 * could not see the stream before), `subscription` `add` to each subscribed user, and
 * `subscription` `peer_add` to those who may see the stream's subscribers.
 */
import { anyOf, pickStreamColor, type Executor, type StreamRow, type UserRow } from '@chat/db';
import { noticesByCapability, userEventNoticeIfAnyRecipient, type Notice } from '@chat/events';
import {
  activeColorsByUser,
  occupiedStreamIds,
  subscriberIdsByStream,
  subscriptionsOf,
  type SubscriptionRow,
} from '../store/subscriptions';
import { activeUserIds } from '../store/users';
import { canAccessStreamUserIds, sortedUnique } from './access';
import { streamDict, subscriptionDicts, subscriptionNotificationSettings } from '@chat/views';

export interface BulkSubscribeOptions {
  externalHost: string;
  /** Colors the request asked for, by lower-cased stream name. */
  colors?: Map<string, string>;
  /** Streams made by this request: their creation event already told everyone, so no `occupy`. */
  createdStreamIds?: Set<number>;
}

export interface BulkSubscribeResult {
  subscribed: { user: UserRow; stream: StreamRow }[];
  alreadySubscribed: { user: UserRow; stream: StreamRow }[];
  notices: Notice[];
}

export async function bulkSubscribe(
  trx: Executor,
  realmId: number,
  streams: StreamRow[],
  users: UserRow[],
  options: BulkSubscribeOptions,
): Promise<BulkSubscribeResult> {
  const streamIds = streams.map((s) => s.id);
  const existing = await subscriptionsOf(trx, users.map((u) => u.id), streamIds);
  const existingByKey = new Map(existing.map((row) => [`${row.user_id}:${row.stream_id}`, row]));
  const colorsByUser = await activeColorsByUser(trx, users.map((u) => u.id));

  const subscribed: BulkSubscribeResult['subscribed'] = [];
  const alreadySubscribed: BulkSubscribeResult['alreadySubscribed'] = [];
  const inserts: Record<string, unknown>[] = [];
  const reactivate: number[] = [];
  for (const user of users) {
    const used = colorsByUser.get(user.id) ?? [];
    for (const stream of streams) {
      const row = existingByKey.get(`${user.id}:${stream.id}`);
      if (row?.active) {
        alreadySubscribed.push({ user, stream });
        continue;
      }
      subscribed.push({ user, stream });
      if (row) {
        // A returning subscriber keeps the color and settings of the old subscription.
        reactivate.push(row.id);
        used.push(row.color);
        continue;
      }
      const color = options.colors?.get(stream.name.toLowerCase()) ?? pickStreamColor(used);
      used.push(color);
      inserts.push({ user_id: user.id, stream_id: stream.id, color, active: true });
    }
  }
  if (subscribed.length === 0) return { subscribed, alreadySubscribed, notices: [] };

  const occupiedBefore = await occupiedStreamIds(trx, streamIds);
  if (inserts.length > 0) await trx('subscriptions').insert(inserts);
  if (reactivate.length > 0) await trx('subscriptions').whereRaw(...anyOf('id', reactivate)).update({ active: true });
  const occupiedAfter = await occupiedStreamIds(trx, streamIds);

  const notices: Notice[] = [];
  const newlyOccupied = streams.filter(
    (s) => !s.invite_only && occupiedAfter.has(s.id) && !occupiedBefore.has(s.id) && !options.createdStreamIds?.has(s.id),
  );
  if (newlyOccupied.length > 0) {
    notices.push(
      ...userEventNoticeIfAnyRecipient(realmId, { type: 'stream', op: 'occupy', streams: newlyOccupied.map(streamDict) }, await activeUserIds(trx, realmId)),
    );
  }

  for (const stream of streams.filter((s) => s.invite_only)) {
    const newcomers = subscribed.filter((p) => p.stream.id === stream.id && p.user.role !== 'admin').map((p) => p.user.id);
    notices.push(...userEventNoticeIfAnyRecipient(realmId, { type: 'stream', op: 'create', streams: [streamDict(stream)] }, newcomers));
  }

  const subscribers = await subscriberIdsByStream(trx, streamIds);
  const rows = await subscriptionsOf(trx, users.map((u) => u.id), streamIds);
  const rowByKey = new Map(rows.map((row) => [`${row.user_id}:${row.stream_id}`, row as SubscriptionRow]));
  for (const user of users) {
    const pairs = subscribed
      .filter((p) => p.user.id === user.id)
      .map(({ stream }) => ({ stream, sub: rowByKey.get(`${user.id}:${stream.id}`)! }));
    if (pairs.length === 0) continue;
    const dicts = await subscriptionDicts(trx, pairs, { externalHost: options.externalHost, subscribers });
    // Inherited notification settings: null for clients that say they understand it, else the user's own.
    const filled = dicts.map((dict) => ({ ...dict, ...subscriptionNotificationSettings(dict, user) }));
    notices.push(
      ...noticesByCapability(
        realmId,
        'notification_settings_null',
        { declared: [{ type: 'subscription', op: 'add', subscriptions: dicts }], otherwise: [{ type: 'subscription', op: 'add', subscriptions: filled }] },
        [user.id],
      ),
    );
  }

  for (const stream of streams) {
    const added = subscribed.filter((p) => p.stream.id === stream.id).map((p) => p.user.id);
    if (added.length === 0) continue;
    const peers = (await canAccessStreamUserIds(trx, stream)).filter((id) => !added.includes(id));
    notices.push(...userEventNoticeIfAnyRecipient(realmId, { type: 'subscription', op: 'peer_add', stream_ids: [stream.id], user_ids: sortedUnique(added) }, peers));
  }
  return { subscribed, alreadySubscribed, notices };
}
