import { defineJob } from '@chat/jobs';

export interface MissedMessagePayload {
  [key: string]: unknown;
  realmId: number;
  userId: number;
}

/** The job that mails one user's batch of unread private messages and mentions. */
export const MISSED_MESSAGE_EMAIL_JOB = defineJob<MissedMessagePayload>('missed-message-email');
