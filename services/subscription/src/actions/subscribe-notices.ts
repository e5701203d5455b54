/**
 * The notices of a bulk subscribe, built after its writes in the same transaction: `stream`
 * `occupy` for public streams that gain their first subscriber (to everyone), `stream` `create` to
 * new non-admin subscribers of private streams (they could not see the stream before),
 * `subscription` `add` to each subscribed user, and `subscription` `peer_add` to those who may see
 * the stream's subscribers.
 */
import type { Executor, StreamRow, UserRow } from '@chat/db';
import { noticesByCapability, userEventNoticeIfAnyRecipient, type Notice } from '@chat/events';
import { streamDict, subscriptionDicts, subscriptionNotificationSettings } from '@chat/views';
import { canAccessStreamUserIds, sortedUnique } from '../queries/access';
import { subscriberIdsByStream, subscriptionsOf, type SubscriptionRow } from '../queries/subscriptions';
import { activeUserIds } from '../queries/users';

/** One user subscribed to one stream. */
export interface Subscribed {
  user: UserRow;
  stream: StreamRow;
}

export interface SubscribeOutcome {
  streams: StreamRow[];
  users: UserRow[];
  subscribed: Subscribed[];
  /** Public streams that had no subscriber before and were not created by this request. */
  newlyOccupied: StreamRow[];
  externalHost: string;
}

export async function subscribeNotices(trx: Executor, realmId: number, outcome: SubscribeOutcome): Promise<Notice[]> {
  const { streams, subscribed, newlyOccupied } = outcome;
  const notices: Notice[] = [];
  if (newlyOccupied.length > 0) {
    notices.push(
      ...userEventNoticeIfAnyRecipient(
        realmId,
        { type: 'stream', op: 'occupy', streams: newlyOccupied.map(streamDict) },
        await activeUserIds(trx, realmId),
      ),
    );
  }
  for (const stream of streams.filter((s) => s.invite_only)) {
    const newcomers = subscribed.filter((p) => p.stream.id === stream.id && p.user.role !== 'admin').map((p) => p.user.id);
    notices.push(...userEventNoticeIfAnyRecipient(realmId, { type: 'stream', op: 'create', streams: [streamDict(stream)] }, newcomers));
  }
  notices.push(...(await subscriptionAddNotices(trx, realmId, outcome)));
  for (const stream of streams) {
    const added = subscribed.filter((p) => p.stream.id === stream.id).map((p) => p.user.id);
    if (added.length === 0) continue;
    const peers = (await canAccessStreamUserIds(trx, stream)).filter((id) => !added.includes(id));
    notices.push(
      ...userEventNoticeIfAnyRecipient(
        realmId,
        { type: 'subscription', op: 'peer_add', stream_ids: [stream.id], user_ids: sortedUnique(added) },
        peers,
      ),
    );
  }
  return notices;
}

/** `subscription` `add` to each user, with the subscriptions as they now are. */
async function subscriptionAddNotices(trx: Executor, realmId: number, outcome: SubscribeOutcome): Promise<Notice[]> {
  const { streams, users, subscribed } = outcome;
  const streamIds = streams.map((s) => s.id);
  const subscribers = await subscriberIdsByStream(trx, streamIds);
  const rows = await subscriptionsOf(
    trx,
    users.map((u) => u.id),
    streamIds,
  );
  const rowByKey = new Map(rows.map((row) => [`${row.user_id}:${row.stream_id}`, row as SubscriptionRow]));
  const notices: Notice[] = [];
  for (const user of users) {
    const pairs = subscribed
      .filter((p) => p.user.id === user.id)
      .map(({ stream }) => ({ stream, sub: rowByKey.get(`${user.id}:${stream.id}`)! }));
    if (pairs.length === 0) continue;
    const dicts = await subscriptionDicts(trx, pairs, { externalHost: outcome.externalHost, subscribers });
    // Inherited notification settings: null for clients that say they understand it, else the user's own.
    const filled = dicts.map((dict) => ({ ...dict, ...subscriptionNotificationSettings(dict, user) }));
    notices.push(
      ...noticesByCapability(
        realmId,
        'notification_settings_null',
        {
          declared: [{ type: 'subscription', op: 'add', subscriptions: dicts }],
          otherwise: [{ type: 'subscription', op: 'add', subscriptions: filled }],
        },
        [user.id],
      ),
    );
  }
  return notices;
}
