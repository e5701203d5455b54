/**
 * Sending Web Push (RFC 8030) with the `web-push` library: it encrypts the payload for each
 * browser (aes128gcm, RFC 8291) and signs the VAPID header (RFC 8292). A subscription's endpoint
 * is an address its browser chose, so the connection goes through the outbound address guard
 * (@chat/outbound) like every call to a user-chosen address, and only over https.
 */
import { Agent } from 'node:https';
import webpush from 'web-push';
import { webPushSubscriptionsOf, type Executor, type WebPushSubscription } from '@chat/db';
import type { Logger } from '@chat/log';
import { checkLiteralHost, guardedLookup, type AddressPolicy } from '@chat/outbound';
import type { WebPushNotification } from './notification';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:`: how a push service reaches the operator. */
  subject: string;
}

export interface WebPushDeps {
  db: Executor;
  logger: Logger;
  vapid: VapidKeys;
  /** Which addresses a push service's endpoint may resolve to. */
  policy: AddressPolicy;
  timeoutMs: number;
  /** Certificate authorities trusted besides the system's (PEM), for a private push service. */
  ca?: string;
  /** Forgets a subscription its push service says is gone (the settings service owns the table). */
  forget(endpoint: string): Promise<void>;
}

/** How long a push service keeps a push for a browser that is offline: a day, then it is stale. */
const TIME_TO_LIVE_SECS = 24 * 60 * 60;

/** What became of each subscription's push. */
export interface WebPushOutcome {
  sent: number;
  gone: number;
  /** Pushes that may succeed later (the push service failed, or could not be reached). */
  failed: number;
}

function agentFor(deps: WebPushDeps): Agent {
  return new Agent({ lookup: guardedLookup(deps.policy), ...(deps.ca ? { ca: deps.ca } : {}) });
}

function statusOf(err: unknown): number | undefined {
  return err instanceof webpush.WebPushError ? err.statusCode : undefined;
}

async function pushOne(deps: WebPushDeps, agent: Agent, subscription: WebPushSubscription, body: string): Promise<keyof WebPushOutcome> {
  const url = new URL(subscription.endpoint);
  // Checked when it was stored too; a row from before a rule change must not slip through.
  if (url.protocol !== 'https:') return 'gone';
  try {
    checkLiteralHost(deps.policy, url.hostname);
    await webpush.sendNotification(subscription, body, {
      vapidDetails: deps.vapid,
      TTL: TIME_TO_LIVE_SECS,
      timeout: deps.timeoutMs,
      agent,
      urgency: 'high',
    });
    return 'sent';
  } catch (err) {
    const status = statusOf(err);
    // RFC 8030, section 7.3: the subscription expired or was removed by the browser.
    if (status === 404 || status === 410) {
      await deps.forget(subscription.endpoint);
      return 'gone';
    }
    // The host and the status only: the payload and the keys are never logged.
    deps.logger.warn({ host: url.host, status, err: err instanceof Error ? err.message : String(err) }, 'web push not delivered');
    return 'failed';
  }
}

/** Pushes `notification` to every browser `userId` subscribed; gone subscriptions are forgotten. */
export async function sendWebPush(deps: WebPushDeps, userId: number, notification: WebPushNotification): Promise<WebPushOutcome> {
  const outcome: WebPushOutcome = { sent: 0, gone: 0, failed: 0 };
  const subscriptions = await webPushSubscriptionsOf(deps.db, userId);
  if (subscriptions.length === 0) return outcome;
  const agent = agentFor(deps);
  const body = JSON.stringify(notification);
  try {
    const results = await Promise.all(subscriptions.map((s) => pushOne(deps, agent, s, body)));
    for (const result of results) outcome[result] += 1;
  } finally {
    agent.destroy();
  }
  return outcome;
}
