import { defineJob } from '@chat/jobs';

export interface MobilePushPayload {
  [key: string]: unknown;
  realmId: number;
  userId: number;
  messageId: number;
  /** Zulip's trigger name (../notifications/decide.ts): it picks the notification's subtitle. */
  trigger: string;
  /** A mention through this user group: the notification names it. */
  mentionedUserGroupId?: number;
}

export interface PushRemovalPayload {
  [key: string]: unknown;
  realmId: number;
  userId: number;
  messageIds: number[];
}

/** One message's mobile push notification to one user's devices, through the bouncer. */
export const MOBILE_PUSH_JOB = defineJob<MobilePushPayload>('mobile-push');
/** Takes notifications of messages the user has read off their devices (Zulip's "remove" event). */
export const PUSH_REMOVAL_JOB = defineJob<PushRemovalPayload>('mobile-push-removal');
