/** Reads of the subscriptions table: who is subscribed where, with which colors and settings. */
import { anyOf, type Executor } from '@chat/db';
import type { SubscriptionRow } from '@chat/views';

export type { SubscriptionRow };

/** The rows (active or not) linking these users to these streams. */
export async function subscriptionsOf(db: Executor, userIds: number[], streamIds: number[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0 || streamIds.length === 0) return [];
  return db<SubscriptionRow>('subscriptions')
    .whereRaw(...anyOf('user_id', userIds))
    .whereRaw(...anyOf('stream_id', streamIds));
}

export async function activeSubscription(db: Executor, userId: number, streamId: number): Promise<SubscriptionRow | undefined> {
  return db<SubscriptionRow>('subscriptions').where({ user_id: userId, stream_id: streamId, active: true }).first();
}

/** Colors of each user's active subscriptions, for picking the next palette color. */
export async function activeColorsByUser(db: Executor, userIds: number[]): Promise<Map<number, string[]>> {
  const colors = new Map<number, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return colors;
  const rows: { user_id: number; color: string }[] = await db('subscriptions as sub')
    .join('streams as s', 's.id', 'sub.stream_id')
    .whereRaw(...anyOf('sub.user_id', userIds))
    .where({ 'sub.active': true, 's.deactivated': false })
    .orderBy('sub.id')
    .select('sub.user_id', 'sub.color');
  for (const row of rows) colors.get(row.user_id)?.push(row.color);
  return colors;
}

/** Active subscribers (active users only) of each stream, by stream id. */
export async function subscriberIdsByStream(db: Executor, streamIds: number[]): Promise<Map<number, number[]>> {
  const byStream = new Map<number, number[]>(streamIds.map((id) => [id, []]));
  if (streamIds.length === 0) return byStream;
  const rows: { stream_id: number; user_id: number }[] = await db('subscriptions as sub')
    .join('users as u', 'u.id', 'sub.user_id')
    .whereRaw(...anyOf('sub.stream_id', streamIds))
    .where({ 'sub.active': true, 'u.is_active': true })
    .orderBy('sub.user_id')
    .select('sub.stream_id', 'sub.user_id');
  for (const row of rows) byStream.get(row.stream_id)?.push(row.user_id);
  return byStream;
}

/** Of these streams, those with at least one active subscriber (Zulip's get_occupied_streams). */
export async function occupiedStreamIds(db: Executor, streamIds: number[]): Promise<Set<number>> {
  const byStream = await subscriberIdsByStream(db, streamIds);
  return new Set([...byStream].filter(([, ids]) => ids.length > 0).map(([id]) => id));
}

/** Ids of the streams the user is actively subscribed to. */
export async function subscribedStreamIds(db: Executor, userId: number): Promise<Set<number>> {
  const rows: { stream_id: number }[] = await db('subscriptions').where({ user_id: userId, active: true }).select('stream_id');
  return new Set(rows.map((r) => r.stream_id));
}

/**
 * One column of a subscription as it is now: a request may change a property twice, so the
 * second change compares with what the first wrote.
 */
export async function subscriptionColumn(db: Executor, subscriptionId: number, column: string): Promise<unknown> {
  const row = (await db('subscriptions').where({ id: subscriptionId }).first(column)) as Record<string, unknown>;
  return row[column];
}
