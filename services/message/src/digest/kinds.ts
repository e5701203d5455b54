import { defineJob } from '@chat/jobs';

/** Looks for the users due a digest today and asks for one mail each. Takes no payload. */
export const DIGEST_SCHEDULE_JOB = defineJob<Record<string, never>>('message.digest-schedule');

export interface DigestPayload {
  [key: string]: unknown;
  realmId: number;
  userId: number;
}

/** Mails one user's digest, if there is enough to say and they may still have it. */
export const DIGEST_EMAIL_JOB = defineJob<DigestPayload>('message.digest-email');
