/**
 * The background work a new message asks for, in its send transaction (so a job exists exactly
 * when the message committed): outgoing-webhook calls for the service bots it triggers, and the
 * notifications its recipients may need (e-mail, mobile push, Web Push: ../notifications/).
 */
import { BOT_TYPES, type Executor, type UserRow } from '@chat/db';
import { requestJob } from '@chat/dispatch';
import { OUTGOING_WEBHOOK_JOB } from '../outgoing-webhooks/kinds';
import type { Trigger } from '../outgoing-webhooks/payloads';
import { recordNotifications } from '../notifications/record';
import type { SentMessage } from '../lib/sent-message';
import { realmBotsAmong } from '../queries/users';

function isServiceBot(user: UserRow): boolean {
  return user.is_bot && user.is_active && user.bot_type === BOT_TYPES.OUTGOING_WEBHOOK;
}

/**
 * Zulip's get_service_bot_events: a stream message triggers the outgoing-webhook bots it
 * mentions, a private message the ones among its recipients. Nothing a bot sends triggers
 * anything, so two bots cannot answer each other forever.
 */
async function serviceBotTriggers(trx: Executor, sent: SentMessage): Promise<{ botId: number; trigger: Trigger }[]> {
  if (sent.sender.is_bot) return [];
  if (sent.kind === 'private') {
    return sent.members.filter((u) => u.id !== sent.sender.id && isServiceBot(u)).map((u) => ({ botId: u.id, trigger: 'private_message' }));
  }
  if (sent.mentioned.size === 0) return [];
  const mentioned = await realmBotsAmong(trx, sent.sender.realm_id, [...sent.mentioned]);
  return mentioned.filter(isServiceBot).map((u) => ({ botId: u.id, trigger: 'mention' }));
}

export async function requestMessageWork(trx: Executor, sent: SentMessage, missedMessageDelayMs: number): Promise<void> {
  for (const { botId, trigger } of await serviceBotTriggers(trx, sent)) {
    await requestJob(trx, OUTGOING_WEBHOOK_JOB, { realmId: sent.sender.realm_id, botId, messageId: sent.id, trigger });
  }
  await recordNotifications(trx, sent, missedMessageDelayMs);
}
