/** Browsers' Web Push subscriptions (written by the settings service; the message service's job reads them). */
import { anyOf } from '../any-of';
import type { Executor } from '../connect';

export interface WebPushSubscription {
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url (PushSubscription.toJSON().keys). */
  keys: { p256dh: string; auth: string };
}

/** Every browser `userId` subscribed, oldest first. */
export async function webPushSubscriptionsOf(db: Executor, userId: number): Promise<WebPushSubscription[]> {
  const rows: { endpoint: string; p256dh: string; auth: string }[] = await db('web_push_subscriptions')
    .where({ user_id: userId })
    .orderBy('id')
    .select('endpoint', 'p256dh', 'auth');
  return rows.map((r) => ({ endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } }));
}

/** Which of these users have at least one subscribed browser. */
export async function usersWithWebPushSubscriptions(db: Executor, userIds: number[]): Promise<Set<number>> {
  const rows: { user_id: number }[] = await db('web_push_subscriptions')
    .whereRaw(...anyOf('user_id', userIds))
    .distinct('user_id');
  return new Set(rows.map((r) => r.user_id));
}
