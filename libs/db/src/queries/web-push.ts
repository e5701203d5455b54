/** Browsers' Web Push subscriptions (written by the settings service; the message service's job reads them). */
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
