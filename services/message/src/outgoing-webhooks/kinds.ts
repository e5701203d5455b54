import type { Trigger } from './payloads';

/** The job that calls a service bot's endpoint for one triggering message. */
export const OUTGOING_WEBHOOK_JOB = 'outgoing-webhook';

export interface OutgoingWebhookPayload {
  [key: string]: unknown;
  realmId: number;
  botId: number;
  messageId: number;
  trigger: Trigger;
}
