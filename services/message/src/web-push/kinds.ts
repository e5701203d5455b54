import { defineJob } from '@chat/jobs';

export interface WebPushPayload {
  [key: string]: unknown;
  realmId: number;
  userId: number;
  messageId: number;
}

export interface WebPushRemovalPayload {
  [key: string]: unknown;
  realmId: number;
  userId: number;
  /** Messages read elsewhere: their notifications are closed in every browser of the user. */
  messageIds: number[];
}

/** Pushes one message's notification to every browser the user subscribed. */
export const WEB_PUSH_JOB = defineJob<WebPushPayload>('web-push');

/** Tells the user's browsers to close the notifications of messages they have read. */
export const WEB_PUSH_REMOVAL_JOB = defineJob<WebPushRemovalPayload>('web-push-removal');
