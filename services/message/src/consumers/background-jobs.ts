/**
 * The message service's background work, registered once per process on its Jobs: calling
 * outgoing-webhook bots for the messages that trigger them, notifying recipients who are away
 * (../notifications/: e-mail batches, mobile pushes and their removals), and the
 * follow-ups other services ask of it (../follow-ups.ts).
 */
import { workJob, type Jobs } from '@chat/jobs';
import type { Mailer } from '@chat/mail';
import { addressPolicy, bouncerTarget } from '@chat/outbound';
import type { MessageDeps } from '../deps';
import { workFollowUps } from '@chat/runtime';
import { messageFollowUpHandlers } from '../follow-ups';
import { MISSED_MESSAGE_EMAIL_JOB } from '../missed-messages/kinds';
import { MOBILE_PUSH_JOB, PUSH_REMOVAL_JOB } from '../mobile-push/kinds';
import { MOBILE_PUSH_ATTEMPTS, sendMobilePush, sendPushRemoval } from '../mobile-push/send';
import { notifyMessage, type PresenceCheck } from '../notifications/deliver';
import { NOTIFY_MESSAGE_JOB } from '../notifications/kinds';
import { mailMissedMessages } from '../missed-messages/send';
import { deliverOutgoingWebhook, OUTGOING_WEBHOOK_ATTEMPTS } from '../outgoing-webhooks/deliver';
import { OUTGOING_WEBHOOK_JOB } from '../outgoing-webhooks/kinds';

/** Calls to bots' endpoints wait on the network, not the CPU: a few at once per process. */
const OUTGOING_WEBHOOK_CONCURRENCY = 4;

/** Pushes wait on the bouncer: a few at once per process. */
const MOBILE_PUSH_CONCURRENCY = 4;

/**
 * Registers the workers; mail goes through `mailer`, which the process owns and closes; who has a
 * client open is told by `presence` (the event tier's answer: ../notifications/deliver.ts).
 */
export async function registerMessageJobs(deps: MessageDeps, jobs: Jobs, mailer: Mailer, presence: PresenceCheck): Promise<void> {
  const { config } = deps;
  const webhookDeps = {
    ...deps,
    policy: addressPolicy({ allowPrivate: config.outgoingWebhookAllowPrivate, allowedNetworks: config.outgoingWebhookAllowedNetworks }),
    timeoutMs: config.outgoingWebhookTimeoutSecs * 1000,
    externalHost: config.externalHost,
  };
  await workJob(jobs, OUTGOING_WEBHOOK_JOB, (job) => deliverOutgoingWebhook(webhookDeps, job.payload, job.attempt), {
    // The last try tells the bot's owner instead of throwing, so these never become dead letters.
    attempts: OUTGOING_WEBHOOK_ATTEMPTS,
    backoffMs: config.outgoingWebhookRetryBackoffMs,
    concurrency: OUTGOING_WEBHOOK_CONCURRENCY,
  });
  const mailDeps = { db: deps.db, logger: deps.logger, mailer, externalHost: config.externalHost };
  // A mail server that refuses for a while: tried again over about half an hour, then a dead letter.
  await workJob(jobs, MISSED_MESSAGE_EMAIL_JOB, (job) => mailMissedMessages(mailDeps, job.payload), {
    attempts: 6,
    backoffMs: 60_000,
  });
  // The presence check failing (the event tier restarting) is tried again shortly.
  await workJob(jobs, NOTIFY_MESSAGE_JOB, (job) => notifyMessage({ db: deps.db, presence }, job.payload), {
    attempts: 10,
    backoffMs: 2_000,
  });
  const pushDeps = {
    db: deps.db,
    logger: deps.logger,
    bouncer: bouncerTarget(config.push),
    externalHost: config.externalHost,
    redactContent: config.push.redactContent,
  };
  const pushPolicy = { attempts: MOBILE_PUSH_ATTEMPTS, backoffMs: config.push.retryMs, concurrency: MOBILE_PUSH_CONCURRENCY };
  await workJob(jobs, MOBILE_PUSH_JOB, (job) => sendMobilePush(pushDeps, job.payload, job.attempt), pushPolicy);
  await workJob(jobs, PUSH_REMOVAL_JOB, (job) => sendPushRemoval(pushDeps, job.payload, job.attempt), pushPolicy);
  await workFollowUps(jobs, messageFollowUpHandlers(deps));
}
