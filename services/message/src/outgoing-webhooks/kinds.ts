import { defineJob } from '@chat/jobs';
import type { Trigger } from './payloads';

export interface OutgoingWebhookPayload {
  [key: string]: unknown;
  realmId: number;
  botId: number;
  messageId: number;
  trigger: Trigger;
}

/** The job that calls a service bot's endpoint for one triggering message. */
export const OUTGOING_WEBHOOK_JOB = defineJob<OutgoingWebhookPayload>('outgoing-webhook');
