/**
 * Posting an integration's messages as its bot (Zulip's check_send_webhook_message): to the
 * `stream` parameter under the caller's `topic` or the integration's, or, without a stream, as a
 * private message to the bot's owner; or where the integration says (a user it names, or a notice
 * to the owner). A stream that does not exist is the owner's problem, not
 * the sender's: the owner is told and the request still succeeds.
 */
import { messageEndpoints } from '@chat/contracts';
import type { UserRow } from '@chat/db';
import { ApiError } from '@chat/errors';
import type { WebhookRequestDeps } from '../deps';
import type { WebhookMessage } from '../framework/integration';
import { streamMissingNotice } from '../lib/owner-notices';
import { botOwner } from '../queries/bot-owner';
import { userNamed } from '../queries/user-named';
import { notifyBotOwner } from './owner-alerts';

export interface Destination {
  /** The `stream` parameter; absent means a private message to the bot's owner. */
  stream: string | undefined;
  /** The `topic` parameter, which wins over the integration's topic. */
  topic: string | undefined;
}

/** The bot's owner; a user's own key (no owner) makes the user the owner. */
async function privateRecipient(deps: WebhookRequestDeps, sender: UserRow): Promise<string> {
  return (await botOwner(deps.db, sender))?.email ?? sender.email;
}

export async function sendWebhookMessages(
  deps: WebhookRequestDeps,
  sender: UserRow,
  client: string,
  destination: Destination,
  messages: WebhookMessage[],
): Promise<void> {
  for (const message of messages) {
    const base = { sender_email: sender.email, content: message.content, client };
    const call = { realmId: sender.realm_id };
    if (message.to && 'botOwnerNotice' in message.to) {
      await notifyBotOwner(deps, sender, message.content.replaceAll('{bot}', sender.full_name));
      continue;
    }
    if (message.to) {
      const user = await userNamed(deps.db, sender.realm_id, message.to.userNamed);
      // Nobody to tell: the service named a user this realm does not have.
      if (!user) {
        deps.logger.info({ names: message.to.userNamed }, "no user of the realm matches the webhook message's recipient");
        continue;
      }
      await deps.internal.call(messageEndpoints.sendInternalMessage, { ...base, type: 'private', to: [user.email] }, call);
      continue;
    }
    if (destination.stream === undefined) {
      const to = [await privateRecipient(deps, sender)];
      await deps.internal.call(messageEndpoints.sendInternalMessage, { ...base, type: 'private', to }, call);
      continue;
    }
    const topic = destination.topic ?? message.topic;
    try {
      // A list, so a stream name with a comma is not read as several recipients.
      await deps.internal.call(messageEndpoints.sendInternalMessage, { ...base, type: 'stream', to: [destination.stream], topic }, call);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'STREAM_DOES_NOT_EXIST') throw err;
      await notifyBotOwner(deps, sender, streamMissingNotice(sender.email, destination.stream));
      return;
    }
  }
}
