/**
 * Zulip's bulk_remove_subscriptions inside the caller's transaction: the subscriptions end in one
 * UPDATE, then `subscription` `remove` to each user who left, `peer_remove` to those who may still
 * see the stream's subscribers, `stream` `vacate` (to everyone) for public streams left without
 * subscribers; a private stream left without subscribers is archived.
 */
import { anyOf, type Executor, type StreamRow, type UserRow } from '@chat/db';
import { userEventNoticeIfAnyRecipient, type Notice } from '@chat/events';
import { streamDict } from '@chat/views';
import { canAccessStreamUserIds, sortedUnique } from '../queries/access';
import { occupiedStreamIds, subscriptionsOf } from '../queries/subscriptions';
import { activeUserIds } from '../queries/users';
import { archiveStream } from './archive-stream';
import type { Subscribed } from './subscribe-notices';

export interface BulkUnsubscribeResult {
  removed: Subscribed[];
  notRemoved: Subscribed[];
  notices: Notice[];
}

export async function bulkUnsubscribe(
  trx: Executor,
  realmId: number,
  streams: StreamRow[],
  users: UserRow[],
): Promise<BulkUnsubscribeResult> {
  const streamIds = streams.map((s) => s.id);
  const activeIdByKey = new Map(
    (
      await subscriptionsOf(
        trx,
        users.map((u) => u.id),
        streamIds,
      )
    )
      .filter((r) => r.active)
      .map((r) => [`${r.user_id}:${r.stream_id}`, r.id]),
  );
  const removed: Subscribed[] = [];
  const notRemoved: Subscribed[] = [];
  for (const user of users) {
    for (const stream of streams) {
      (activeIdByKey.has(`${user.id}:${stream.id}`) ? removed : notRemoved).push({ user, stream });
    }
  }
  if (removed.length === 0) return { removed, notRemoved, notices: [] };

  const occupiedBefore = await occupiedStreamIds(trx, streamIds);
  const ending = removed.map(({ user, stream }) => activeIdByKey.get(`${user.id}:${stream.id}`)!);
  await trx('subscriptions')
    .whereRaw(...anyOf('id', ending))
    .update({ active: false });
  const occupiedAfter = await occupiedStreamIds(trx, streamIds);

  const vacated = streams.filter((s) => occupiedBefore.has(s.id) && !occupiedAfter.has(s.id));
  const notices = await unsubscribeNotices(trx, realmId, { streams, users, removed, vacated });
  for (const stream of vacated.filter((s) => s.invite_only && !s.deactivated)) notices.push(...(await archiveStream(trx, stream)));
  return { removed, notRemoved, notices };
}

interface UnsubscribeOutcome {
  streams: StreamRow[];
  users: UserRow[];
  removed: Subscribed[];
  /** Streams this removal left without subscribers. */
  vacated: StreamRow[];
}

/** The notices of a bulk unsubscribe, built after its writes in the same transaction. */
async function unsubscribeNotices(trx: Executor, realmId: number, outcome: UnsubscribeOutcome): Promise<Notice[]> {
  const { streams, users, removed, vacated } = outcome;
  const notices: Notice[] = [];
  for (const user of users) {
    const left = removed.filter((p) => p.user.id === user.id).map((p) => ({ name: p.stream.name, stream_id: p.stream.id }));
    if (left.length > 0)
      notices.push(...userEventNoticeIfAnyRecipient(realmId, { type: 'subscription', op: 'remove', subscriptions: left }, [user.id]));
  }
  for (const stream of streams) {
    const gone = sortedUnique(removed.filter((p) => p.stream.id === stream.id).map((p) => p.user.id));
    if (gone.length === 0) continue;
    const peers = (await canAccessStreamUserIds(trx, stream)).filter((id) => !gone.includes(id));
    notices.push(
      ...userEventNoticeIfAnyRecipient(
        realmId,
        { type: 'subscription', op: 'peer_remove', stream_ids: [stream.id], user_ids: gone },
        peers,
      ),
    );
  }
  const vacatedPublic = vacated.filter((s) => !s.invite_only);
  if (vacatedPublic.length > 0) {
    notices.push(
      ...userEventNoticeIfAnyRecipient(
        realmId,
        { type: 'stream', op: 'vacate', streams: vacatedPublic.map(streamDict) },
        await activeUserIds(trx, realmId),
      ),
    );
  }
  return notices;
}
