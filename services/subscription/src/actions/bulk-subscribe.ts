/**
 * Zulip's bulk_add_subscriptions: subscribes users to streams inside the caller's transaction
 * (one INSERT for the new rows, one UPDATE for returning subscribers) and returns the notices to
 * write with it (./subscribe-notices.ts).
 */
import { anyOf, pickStreamColor, type Executor, type StreamRow, type UserRow } from '@chat/db';
import type { Notice } from '@chat/events';
import { activeColorsByUser, occupiedStreamIds, subscriptionsOf } from '../queries/subscriptions';
import { subscribeNotices, type Subscribed } from './subscribe-notices';

export interface BulkSubscribeOptions {
  externalHost: string;
  /** Colors the request asked for, by lower-cased stream name. */
  colors?: Map<string, string>;
  /** Streams made by this request: their creation event already told everyone, so no `occupy`. */
  createdStreamIds?: Set<number>;
}

export interface BulkSubscribeResult {
  subscribed: Subscribed[];
  alreadySubscribed: Subscribed[];
  notices: Notice[];
}

/** Who gets subscribed to what, and the rows that takes: new ones, and old ones to reactivate. */
interface SubscribePlan {
  subscribed: Subscribed[];
  alreadySubscribed: Subscribed[];
  inserts: Record<string, unknown>[];
  reactivate: number[];
}

async function planSubscriptions(
  trx: Executor,
  streams: StreamRow[],
  users: UserRow[],
  options: BulkSubscribeOptions,
): Promise<SubscribePlan> {
  const existing = await subscriptionsOf(
    trx,
    users.map((u) => u.id),
    streams.map((s) => s.id),
  );
  const existingByKey = new Map(existing.map((row) => [`${row.user_id}:${row.stream_id}`, row]));
  const colorsByUser = await activeColorsByUser(
    trx,
    users.map((u) => u.id),
  );

  const plan: SubscribePlan = { subscribed: [], alreadySubscribed: [], inserts: [], reactivate: [] };
  for (const user of users) {
    const used = colorsByUser.get(user.id) ?? [];
    for (const stream of streams) {
      const row = existingByKey.get(`${user.id}:${stream.id}`);
      if (row?.active) {
        plan.alreadySubscribed.push({ user, stream });
        continue;
      }
      plan.subscribed.push({ user, stream });
      if (row) {
        // A returning subscriber keeps the color and settings of the old subscription.
        plan.reactivate.push(row.id);
        used.push(row.color);
        continue;
      }
      const color = options.colors?.get(stream.name.toLowerCase()) ?? pickStreamColor(used);
      used.push(color);
      plan.inserts.push({ user_id: user.id, stream_id: stream.id, color, active: true });
    }
  }
  return plan;
}

export async function bulkSubscribe(
  trx: Executor,
  realmId: number,
  streams: StreamRow[],
  users: UserRow[],
  options: BulkSubscribeOptions,
): Promise<BulkSubscribeResult> {
  const { subscribed, alreadySubscribed, inserts, reactivate } = await planSubscriptions(trx, streams, users, options);
  if (subscribed.length === 0) return { subscribed, alreadySubscribed, notices: [] };

  const streamIds = streams.map((s) => s.id);
  const occupiedBefore = await occupiedStreamIds(trx, streamIds);
  if (inserts.length > 0) await trx('subscriptions').insert(inserts);
  if (reactivate.length > 0)
    await trx('subscriptions')
      .whereRaw(...anyOf('id', reactivate))
      .update({ active: true });
  const occupiedAfter = await occupiedStreamIds(trx, streamIds);

  const newlyOccupied = streams.filter(
    (s) => !s.invite_only && occupiedAfter.has(s.id) && !occupiedBefore.has(s.id) && !options.createdStreamIds?.has(s.id),
  );
  const notices = await subscribeNotices(trx, realmId, { streams, users, subscribed, newlyOccupied, externalHost: options.externalHost });
  return { subscribed, alreadySubscribed, notices };
}
