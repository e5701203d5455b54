/**
 * Messages Notification Bot posts about stream changes (new streams, renames, being subscribed
 * by someone else). They go through the message service's internal API after the change has
 * committed: the change stands even if a post fails, which is logged, as Zulip's notices are
 * best effort too.
 */
import type { InternalClient } from '@chat/http';
import type { Logger } from '@chat/log';

export const NOTIFICATION_BOT = 'notification-bot@zulip.com';
/** Zulip's Realm.STREAM_EVENTS_NOTIFICATION_TOPIC. */
export const STREAM_EVENTS_TOPIC = 'stream events';

export interface BotMessage {
  type: 'stream' | 'private';
  /** Stream name, or the recipient's e-mail. */
  to: string;
  topic?: string;
  content: string;
}

export async function postBotMessages(
  internal: InternalClient,
  logger: Logger,
  realmId: number,
  messages: BotMessage[],
): Promise<void> {
  for (const message of messages) {
    try {
      await internal.call({
        service: 'message',
        method: 'POST',
        path: '/internal/messages',
        realmId,
        params: { sender_email: NOTIFICATION_BOT, ...message },
      });
    } catch (err) {
      logger.warn({ err, to: message.to, type: message.type }, 'notification bot message not posted');
    }
  }
}

/** `@_**Name|id**`: a silent mention, as Zulip writes who did something. */
export function silentMention(fullName: string, userId: number): string {
  return `@_**${fullName}|${userId}**`;
}

/** Zulip's you_were_just_subscribed_message. */
export function youWereSubscribedMessage(actorName: string, streamNames: string[]): string {
  const names = [...streamNames].sort();
  if (names.length === 1) return `@**${actorName}** subscribed you to the stream #**${names[0]}**.`;
  return `@**${actorName}** subscribed you to the following streams:\n\n${names.map((n) => `* #**${n}**\n`).join('')}`;
}
