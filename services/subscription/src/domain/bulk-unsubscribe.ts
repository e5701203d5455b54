/**
 * Zulip's bulk_remove_subscriptions inside the caller's transaction: `subscription` `remove` to
 * each user who left, `peer_remove` to those who may still see the stream's subscribers, `stream`
 * `vacate` (to everyone) for public streams left without subscribers; a private stream left
 * without subscribers is deactivated.
 */
import type { Executor, StreamRow, UserRow } from '@chat/db';
import { userEventNoticeIfAnyRecipient, type Notice } from '@chat/events';
import { occupiedStreamIds, subscriptionsOf } from '../store/subscriptions';
import { activeUserIds } from '../store/users';
import { canAccessStreamUserIds, sortedUnique } from './access';
import { deactivateStream } from './deactivate-stream';
import { streamDict } from '@chat/views';

export interface BulkUnsubscribeResult {
  removed: { user: UserRow; stream: StreamRow }[];
  notRemoved: { user: UserRow; stream: StreamRow }[];
  notices: Notice[];
}

export async function bulkUnsubscribe(
  trx: Executor,
  realmId: number,
  streams: StreamRow[],
  users: UserRow[],
): Promise<BulkUnsubscribeResult> {
  const streamIds = streams.map((s) => s.id);
  const active = new Set(
    (await subscriptionsOf(trx, users.map((u) => u.id), streamIds)).filter((r) => r.active).map((r) => `${r.user_id}:${r.stream_id}`),
  );
  const removed: BulkUnsubscribeResult['removed'] = [];
  const notRemoved: BulkUnsubscribeResult['notRemoved'] = [];
  for (const user of users) {
    for (const stream of streams) {
      (active.has(`${user.id}:${stream.id}`) ? removed : notRemoved).push({ user, stream });
    }
  }
  if (removed.length === 0) return { removed, notRemoved, notices: [] };

  const occupiedBefore = await occupiedStreamIds(trx, streamIds);
  for (const { user, stream } of removed) {
    await trx('subscriptions').where({ user_id: user.id, stream_id: stream.id }).update({ active: false });
  }
  const occupiedAfter = await occupiedStreamIds(trx, streamIds);

  const notices: Notice[] = [];
  for (const user of users) {
    const left = removed.filter((p) => p.user.id === user.id).map((p) => ({ name: p.stream.name, stream_id: p.stream.id }));
    if (left.length > 0) notices.push(...userEventNoticeIfAnyRecipient(realmId, { type: 'subscription', op: 'remove', subscriptions: left }, [user.id]));
  }
  for (const stream of streams) {
    const gone = sortedUnique(removed.filter((p) => p.stream.id === stream.id).map((p) => p.user.id));
    if (gone.length === 0) continue;
    const peers = (await canAccessStreamUserIds(trx, stream)).filter((id) => !gone.includes(id));
    notices.push(...userEventNoticeIfAnyRecipient(realmId, { type: 'subscription', op: 'peer_remove', stream_ids: [stream.id], user_ids: gone }, peers));
  }

  const vacated = streams.filter((s) => occupiedBefore.has(s.id) && !occupiedAfter.has(s.id));
  const vacatedPublic = vacated.filter((s) => !s.invite_only);
  if (vacatedPublic.length > 0) {
    notices.push(
      ...userEventNoticeIfAnyRecipient(realmId, { type: 'stream', op: 'vacate', streams: vacatedPublic.map(streamDict) }, await activeUserIds(trx, realmId)),
    );
  }
  for (const stream of vacated.filter((s) => s.invite_only)) notices.push(...(await deactivateStream(trx, stream)));
  return { removed, notRemoved, notices };
}
