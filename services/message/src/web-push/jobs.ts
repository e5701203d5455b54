/**
 * Web Push as background jobs. The notification decision asks for a push with requestWebPush (in
 * its transaction, so the job exists exactly when the decision committed), and for the closing of
 * read messages' notifications with requestWebPushRemoval; the jobs read the current state when
 * they run: a message read or no longer readable by then is not pushed.
 */
import type { Config } from '@chat/config';
import { type Executor, type UserRow } from '@chat/db';
import { requestJob } from '@chat/dispatch';
import { settingsEndpoints } from '@chat/contracts';
import type { InternalClient } from '@chat/http';
import { workJob, type Jobs } from '@chat/jobs';
import type { Logger } from '@chat/log';
import { addressPolicy } from '@chat/outbound';
import { FLAG_BITS } from '../lib/flags';
import { realmUrl } from '../notices/narrow-url';
import { loadMessages } from '../queries/messages';
import { WEB_PUSH_JOB, WEB_PUSH_REMOVAL_JOB, type WebPushPayload, type WebPushRemovalPayload } from './kinds';
import { messageNotification } from './notification';
import { sendWebPush, type WebPushDeps } from './send';

/** Whether Web Push is configured (a VAPID key pair): the decision asks for pushes only then. */
export function webPushEnabled(config: Pick<Config, 'webPushVapidPublicKey' | 'webPushVapidPrivateKey'>): boolean {
  return config.webPushVapidPublicKey !== '' && config.webPushVapidPrivateKey !== '';
}

/** Asks for `messageId`'s push to `userId`'s browsers, in the caller's transaction. */
export function requestWebPush(trx: Executor, payload: WebPushPayload): Promise<void> {
  return requestJob(trx, WEB_PUSH_JOB, payload);
}

/** Asks for the notifications of read messages to be closed in `userId`'s browsers. */
export function requestWebPushRemoval(trx: Executor, payload: WebPushRemovalPayload): Promise<void> {
  return requestJob(trx, WEB_PUSH_REMOVAL_JOB, payload);
}

/** The message, if `userId` (active) still has it unread. */
async function unreadMessageOf(db: Executor, payload: WebPushPayload) {
  const user = await db<UserRow>('users').where({ realm_id: payload.realmId, id: payload.userId }).first();
  if (!user?.is_active) return undefined;
  const row: { flags: number } | undefined = await db('user_messages')
    .where({ user_id: user.id, message_id: payload.messageId })
    .first('flags');
  if (!row || (Number(row.flags) & FLAG_BITS.read!) !== 0) return undefined;
  return (await loadMessages(db, [payload.messageId])).get(payload.messageId)?.wire;
}

/** Pushes one message to one user's browsers (the web-push job). */
export async function pushMessage(deps: WebPushDeps & { externalHost: string }, payload: WebPushPayload): Promise<void> {
  const message = await unreadMessageOf(deps.db, payload);
  if (!message) return;
  const notification = messageNotification(message, payload.userId, await realmUrl(deps.db, deps.externalHost, payload.realmId));
  const outcome = await sendWebPush(deps, payload.userId, notification);
  // Shown somewhere: reading the message will close it (removal.ts).
  if (outcome.sent > 0) {
    await deps.db('web_push_shown').insert({ user_id: payload.userId, message_id: payload.messageId }).onConflict().ignore();
  }
  // Tried again later; a browser that did get it replaces the repeat (the notification's tag is the message).
  if (outcome.failed > 0) throw new Error(`${outcome.failed} web push(es) not delivered`);
}

export interface WebPushJobDeps {
  config: Config;
  db: { knex: Executor };
  logger: Logger;
  internal: InternalClient;
  /** Certificate authorities trusted besides the system's (PEM). */
  ca?: string;
}

/** Registers the Web Push workers on the message service's jobs (they do nothing while Web Push is off). */
export async function registerWebPushJobs(deps: WebPushJobDeps, jobs: Jobs): Promise<void> {
  const { config } = deps;
  const sender = {
    db: deps.db.knex,
    logger: deps.logger,
    externalHost: config.externalHost,
    vapid: {
      publicKey: config.webPushVapidPublicKey,
      privateKey: config.webPushVapidPrivateKey,
      subject: config.webPushVapidSubject || `https://${config.externalHost}`,
    },
    // A push service is an address on the internet: the outgoing-webhook rule says which others may be called.
    policy: addressPolicy({ allowPrivate: config.outgoingWebhookAllowPrivate, allowedNetworks: config.outgoingWebhookAllowedNetworks }),
    timeoutMs: config.outgoingWebhookTimeoutSecs * 1000,
    ...(deps.ca ? { ca: deps.ca } : {}),
    forget: async (endpoint: string) => {
      await deps.internal.call(settingsEndpoints.removeGoneWebPushSubscription, { endpoint }, { realmId: null });
    },
  };
  const enabled = webPushEnabled(config);
  // A push service that fails for a while: tried again over about a quarter of an hour, then a dead letter.
  await workJob(jobs, WEB_PUSH_JOB, async (job) => (enabled ? pushMessage(sender, job.payload) : undefined), {
    attempts: 5,
    backoffMs: 60_000,
    concurrency: 4,
  });
  await workJob(
    jobs,
    WEB_PUSH_REMOVAL_JOB,
    async (job) => {
      if (enabled) await sendWebPush(sender, job.payload.userId, { kind: 'remove', message_ids: job.payload.messageIds });
    },
    { attempts: 3, backoffMs: 60_000, concurrency: 4 },
  );
}
