import { getUserById, type Executor, type StreamRow } from '@chat/db';
import { byCodePoint, subscriptionDicts } from '@chat/views';
import type { SubscriptionDeps } from '../deps';
import { subscriberIdsByStream, type SubscriptionRow } from './subscriptions';
import { emailsByUserId } from './users';

/**
 * The caller's subscriptions with every Subscription field, sorted by name as Zulip's
 * gather_subscriptions (GET /users/me/subscriptions). With include_subscribers, each carries its
 * subscribers' e-mail addresses, sorted (events and register use user ids instead).
 */
export async function listSubscriptions(
  deps: SubscriptionDeps,
  realmId: number,
  userId: number,
  includeSubscribers: boolean,
): Promise<Record<string, unknown>[]> {
  const db = deps.db.knex;
  // Answers always carry booleans, an inherited setting filled from the user's own.
  const user = await getUserById(db, realmId, userId);
  const rows: (SubscriptionRow & { stream: StreamRow })[] = (
    await db('subscriptions as sub')
      .join('streams as s', 's.id', 'sub.stream_id')
      .where({ 'sub.user_id': userId, 'sub.active': true, 's.deactivated': false })
      .select('sub.*', db.raw('row_to_json(s.*) as stream'))
  ).map((row: SubscriptionRow & { stream: StreamRow | string }) => ({
    ...row,
    stream: typeof row.stream === 'string' ? (JSON.parse(row.stream) as StreamRow) : row.stream,
  }));
  rows.sort((a, b) => byCodePoint(a.stream.name, b.stream.name));
  const subscribers = includeSubscribers
    ? await subscriberEmails(
        db,
        rows.map((r) => r.stream.id),
      )
    : undefined;
  return subscriptionDicts(
    db,
    rows.map(({ stream, ...sub }) => ({ stream, sub })),
    { externalHost: deps.config.externalHost, subscribers, inheritFrom: user },
  );
}

async function subscriberEmails(db: Executor, streamIds: number[]): Promise<Map<number, string[]>> {
  const ids = await subscriberIdsByStream(db, streamIds);
  const userIds = [...new Set([...ids.values()].flat())];
  const emailOf = await emailsByUserId(db, userIds);
  return new Map([...ids].map(([streamId, users]) => [streamId, users.map((id) => emailOf.get(id)!).sort(byCodePoint)]));
}
