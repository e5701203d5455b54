/**
 * The message service's background work, registered once per process on its Jobs: calling
 * outgoing-webhook bots for the messages that trigger them, mailing missed messages, and the
 * follow-ups other services ask of it (../follow-ups.ts).
 */
import { workJob, type Jobs } from '@chat/jobs';
import type { Mailer } from '@chat/mail';
import { addressPolicy } from '@chat/outbound';
import type { MessageDeps } from '../deps';
import { workFollowUps } from '@chat/runtime';
import { messageFollowUpHandlers } from '../follow-ups';
import { MISSED_MESSAGE_EMAIL_JOB } from '../missed-messages/kinds';
import { mailMissedMessages } from '../missed-messages/send';
import { deliverOutgoingWebhook, OUTGOING_WEBHOOK_ATTEMPTS } from '../outgoing-webhooks/deliver';
import { OUTGOING_WEBHOOK_JOB } from '../outgoing-webhooks/kinds';

/** Calls to bots' endpoints wait on the network, not the CPU: a few at once per process. */
const OUTGOING_WEBHOOK_CONCURRENCY = 4;

/** Registers the workers; mail goes through `mailer`, which the process owns and closes. */
export async function registerMessageJobs(deps: MessageDeps, jobs: Jobs, mailer: Mailer): Promise<void> {
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
  await workFollowUps(jobs, messageFollowUpHandlers(deps));
}
