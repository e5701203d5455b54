import type { Executor, StreamRow } from '@chat/db';

export type { SubscriptionRow } from '@chat/views';
import type { SubscriptionRow } from '@chat/views';
import { anyOf } from '@chat/db';

/** Active streams of the realm by lower-cased name (names are unique regardless of case). */
export async function streamsByNames(db: Executor, realmId: number, names: string[]): Promise<Map<string, StreamRow>> {
  if (names.length === 0) return new Map();
  const rows: StreamRow[] = await db('streams')
    .where({ realm_id: realmId, deactivated: false })
    .whereRaw('lower(name) = ANY(?)', [names.map((n) => n.toLowerCase())]);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

/** Whether any stream of the realm, deactivated ones included, has this name (any case). */
export async function streamNameInUse(db: Executor, realmId: number, name: string): Promise<boolean> {
  const row = await db('streams').where({ realm_id: realmId }).whereRaw('lower(name) = lower(?)', [name]).first('id');
  return row !== undefined;
}

/** The rows (active or not) linking these users to these streams. */
export async function subscriptionsOf(db: Executor, userIds: number[], streamIds: number[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0 || streamIds.length === 0) return [];
  return db<SubscriptionRow>('subscriptions').whereRaw(...anyOf('user_id', userIds)).whereRaw(...anyOf('stream_id', streamIds));
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

export async function defaultStreamIds(db: Executor, realmId: number): Promise<Set<number>> {
  const rows: { stream_id: number }[] = await db('default_streams').where({ realm_id: realmId }).select('stream_id');
  return new Set(rows.map((r) => r.stream_id));
}
