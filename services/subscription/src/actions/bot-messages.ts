/**
 * Messages Notification Bot posts about stream changes (new streams, renames, being subscribed
 * by someone else). Each is a follow-up the message service owns (followUps.postBotMessage),
 * requested in the change's own transaction: it is posted once the change commits, even if the
 * message service is down at that moment, and never for a change that rolled back. The request
 * holds them and runs them right after its commit (settleFollowUps), so, as in Zulip, a notice
 * lands before the answer: a client that creates a stream and posts at once finds "stream
 * created" first.
 */
import { followUps, type BotMessageRequest } from '@chat/contracts';
import { type Executor } from '@chat/db';
import { requestFollowUp, type HeldFollowUp } from '@chat/dispatch';

/** Zulip's Realm.STREAM_EVENTS_NOTIFICATION_TOPIC. */
export const STREAM_EVENTS_TOPIC = 'stream events';

export type BotMessage = BotMessageRequest;

/** Requests the messages in `trx`, held for the request to run once it commits (in `held`), or as jobs without it. */
export async function requestBotMessages(trx: Executor, realmId: number, messages: BotMessage[], held?: HeldFollowUp[]): Promise<void> {
  for (const message of messages) await requestFollowUp(trx, followUps.postBotMessage, { realmId, message }, held);
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
