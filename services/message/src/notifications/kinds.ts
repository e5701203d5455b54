import { defineJob } from '@chat/jobs';

export interface NotifyMessagePayload {
  [key: string]: unknown;
  realmId: number;
  messageId: number;
  /** The e-mail batch's delay the sender was composed with (MISSED_MESSAGE_EMAIL_DELAY_SECS). */
  emailDelayMs: number;
}

/** Sends a new message's notifications to the recipients who are away, once it committed. */
export const NOTIFY_MESSAGE_JOB = defineJob<NotifyMessagePayload>('notify-message');
