/**
 * The channels a notification goes by, and the one place each channel's sender is called. The
 * decision (./decide.ts) gives a trigger per channel; once the recipient is known to be away (or
 * for an online push, at once), `sendToChannels` hands each notification to its channel inside
 * the transaction that claimed it, so a channel's job exists exactly when the claim committed.
 */
import { usersWithWebPushSubscriptions, type Executor } from '@chat/db';
import { requestJob } from '@chat/dispatch';
import { batchMissedMessageEmails } from '../missed-messages/batch';
import { MOBILE_PUSH_JOB } from '../mobile-push/kinds';
import { requestWebPush } from '../web-push';

export const CHANNELS = ['email', 'mobile_push', 'web_push'] as const;
export type Channel = (typeof CHANNELS)[number];

/** One notification for one channel: a user, a message and why. */
export interface ChannelNotice {
  realmId: number;
  userId: number;
  messageId: number;
  trigger: string;
  /** A mention through this user group (mobile push names it). */
  mentionedUserGroupId?: number;
}

export interface ChannelOptions {
  /** E-mail keeps its batching delay after the decision (MISSED_MESSAGE_EMAIL_DELAY_SECS). */
  emailDelayMs: number;
}

type ChannelSender = (trx: Executor, notices: ChannelNotice[], options: ChannelOptions) => Promise<void>;

const SENDERS: Record<Channel, ChannelSender> = {
  email: (trx, notices, options) => batchMissedMessageEmails(trx, notices, options.emailDelayMs),
  mobile_push: async (trx, notices) => {
    for (const n of notices) await requestJob(trx, MOBILE_PUSH_JOB, { ...n });
  },
  // Only people with a subscribed browser get a job (the job itself does nothing while Web Push
  // has no VAPID keys, and reads the message again when it runs).
  web_push: async (trx, notices) => {
    const subscribed = await usersWithWebPushSubscriptions(trx, [...new Set(notices.map((n) => n.userId))]);
    for (const n of notices) {
      if (subscribed.has(n.userId)) await requestWebPush(trx, { realmId: n.realmId, userId: n.userId, messageId: n.messageId });
    }
  },
};

/** Hands each channel its notifications. */
export async function sendToChannels(trx: Executor, byChannel: Record<Channel, ChannelNotice[]>, options: ChannelOptions): Promise<void> {
  for (const channel of CHANNELS) {
    if (byChannel[channel].length > 0) await SENDERS[channel](trx, byChannel[channel], options);
  }
}

export function emptyByChannel(): Record<Channel, ChannelNotice[]> {
  return { email: [], mobile_push: [], web_push: [] };
}
