/**
 * What Notification Bot says after a subscribe committed: to each user someone else subscribed,
 * in the realm's notifications stream about new public streams, and in each new stream.
 */
import type { StreamRow, UserRow } from '@chat/db';
import type { Caller } from '../lib/caller';
import { silentMention, STREAM_EVENTS_TOPIC, youWereSubscribedMessage, type BotMessage } from './bot-messages';
import type { Subscribed } from './subscribe-notices';

export interface SubscribeBotOutcome {
  subscribed: Subscribed[];
  created: StreamRow[];
  notificationsStream: StreamRow | undefined;
}

/** What of the request the messages depend on: whether it named principals, and `announce`. */
interface SubscribeBotRequest {
  principals: unknown[];
  announce: boolean;
}

export function botMessages(caller: Caller, request: SubscribeBotRequest, outcome: SubscribeBotOutcome): BotMessage[] {
  const messages: BotMessage[] = [];
  const createdIds = new Set(outcome.created.map((s) => s.id));
  if (request.principals.length > 0) {
    // Tell people someone else subscribed them, except to streams just created, and never bots.
    const byUser = new Map<number, { user: UserRow; names: string[] }>();
    for (const { user, stream } of outcome.subscribed) {
      if (user.id === caller.userId || user.is_bot || createdIds.has(stream.id)) continue;
      const entry = byUser.get(user.id) ?? { user, names: [] };
      entry.names.push(stream.name);
      byUser.set(user.id, entry);
    }
    for (const { user, names } of byUser.values()) {
      messages.push({ type: 'private', to: user.email, content: youWereSubscribedMessage(caller.fullName, names) });
    }
  }
  // The announcement names only public streams: a private stream's name is not for everyone.
  const announced = outcome.created.filter((s) => !s.invite_only);
  if (request.announce && announced.length > 0 && outcome.notificationsStream) {
    const who = silentMention(caller.fullName, caller.userId);
    const names = announced.map((s) => `#**${s.name}**`).join(', ');
    const content = announced.length > 1 ? `${who} created the following streams: ${names}.` : `${who} created a new stream ${names}.`;
    messages.push({ type: 'stream', to: outcome.notificationsStream.name, topic: 'new streams', content });
  }
  for (const stream of outcome.created) {
    messages.push({
      type: 'stream',
      to: stream.name,
      topic: STREAM_EVENTS_TOPIC,
      content: `Stream created by ${silentMention(caller.fullName, caller.userId)}.`,
    });
  }
  return messages;
}
