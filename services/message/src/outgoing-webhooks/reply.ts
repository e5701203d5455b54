/**
 * What an outgoing-webhook bot posts: its endpoint's reply where it was triggered (Zulip's
 * send_response_message), a failure notice there, and a private note to its owner when its
 * endpoint keeps failing (notify_bot_owner), all sent by the bot itself.
 */
import type { UserRow } from '@chat/db';
import type { WireMessage } from '@chat/events';
import type { MessageDeps } from '../deps';
import { checkSendMessage, doSendMessage } from '../actions/send-message';

/** The client name replies carry, as in Zulip. */
const REPLY_CLIENT = 'OutgoingWebhookResponse';

export type ReplyDeps = Pick<MessageDeps, 'db' | 'renderer' | 'logger' | 'config'>;

async function sendAsBot(deps: ReplyDeps, bot: UserRow, request: Parameters<typeof checkSendMessage>[2]): Promise<void> {
  const db = deps.db.knex;
  try {
    await doSendMessage(
      db,
      deps.renderer,
      await checkSendMessage(db, bot, request),
      undefined,
      deps.config.missedMessageEmailDelaySecs * 1000,
    );
  } catch (err) {
    // The bot may no longer be allowed there (removed from a private stream): nothing to retry.
    deps.logger.warn({ err, botId: bot.id }, 'an outgoing-webhook bot could not post its message');
  }
}

/** Posts `content` in the conversation of `message`: the same stream and topic, or the same private group. */
export async function replyInConversation(deps: ReplyDeps, bot: UserRow, message: WireMessage, content: string): Promise<void> {
  if (message.type === 'stream' && message.stream_id !== null) {
    await sendAsBot(deps, bot, { type: 'stream', to: [message.stream_id], topic: message.subject, content, client: REPLY_CLIENT });
    return;
  }
  const emails = Array.isArray(message.display_recipient) ? message.display_recipient.map((u) => u.email) : [];
  await sendAsBot(deps, bot, { type: 'private', to: emails, topic: undefined, content, client: REPLY_CLIENT });
}

/** Zulip's fail_with_message: the people who triggered the bot see that it failed. */
export async function postFailure(deps: ReplyDeps, bot: UserRow, message: WireMessage, reason: string): Promise<void> {
  await replyInConversation(deps, bot, message, `Failure! ${reason}`);
}

export async function tellOwner(deps: ReplyDeps, bot: UserRow, content: string): Promise<void> {
  if (bot.bot_owner_id === null) return;
  const owner = await deps.db.knex<UserRow>('users').where({ realm_id: bot.realm_id, id: bot.bot_owner_id, is_active: true }).first();
  if (!owner) return;
  await sendAsBot(deps, bot, { type: 'private', to: [owner.email], topic: undefined, content, client: REPLY_CLIENT });
}
