/**
 * The outgoing-webhook job (Zulip's OutgoingWebhookWorker and do_rest_call): POST the trigger to
 * the bot's endpoint and act on the answer. A 2xx answer's reply is posted where the bot was
 * triggered; no answer at all (connection refused, reset, timeout) and 5xx answers are tried
 * again, OUTGOING_WEBHOOK_ATTEMPTS times in all with the job's backoff, after which the
 * conversation hears that the bot is unavailable and the owner is told why. Other answers, and
 * an address the operator has not opened to bots, fail at once.
 */
import { BOT_TYPES, getBotServices, type ServiceRow, type UserRow } from '@chat/db';
import type { WireMessage } from '@chat/events';
import { loadMessages } from '../queries/messages';
import { BlockedAddressError, type AddressPolicy } from '@chat/outbound';
import { postToWebhook, WebhookConnectionError, type WebhookAnswer } from './http-post';
import type { OutgoingWebhookPayload } from './kinds';
import { describeFailure, type Failure } from './owner-notice';
import { buildRequest, readAnswer } from './payloads';
import { postFailure, replyInConversation, tellOwner, type ReplyDeps } from './reply';
import { realmUrl, messageUrl } from '../notices/narrow-url';

/** Zulip's MAX_REQUEST_RETRIES (3) retries after the first try. */
export const OUTGOING_WEBHOOK_ATTEMPTS = 4;

export interface DeliverDeps extends ReplyDeps {
  policy: AddressPolicy;
  timeoutMs: number;
  externalHost: string;
}

/** Thrown to have the job tried again later. */
export class RetryWebhookError extends Error {}

interface Delivery {
  deps: DeliverDeps;
  bot: UserRow;
  message: WireMessage;
  service: ServiceRow;
  trigger: OutgoingWebhookPayload['trigger'];
  attempt: number;
}

async function giveUp(d: Delivery, conversationNotice: string, failure: Failure): Promise<void> {
  await postFailure(d.deps, d.bot, d.message, conversationNotice);
  const realm = await realmUrl(d.deps.db.knex, d.deps.externalHost, d.bot.realm_id);
  const ownerId = d.bot.bot_owner_id ?? d.bot.id;
  await tellOwner(d.deps, d.bot, describeFailure(messageUrl(realm, d.message, ownerId), failure));
}

async function retryOrGiveUp(d: Delivery, failure: Failure): Promise<void> {
  if (d.attempt < OUTGOING_WEBHOOK_ATTEMPTS) throw new RetryWebhookError(failure.reason);
  d.deps.logger.warn({ botId: d.bot.id, messageId: d.message.id, reason: failure.reason }, 'an outgoing webhook failed on its last try');
  await giveUp(d, 'The bot is unavailable.', { ...failure, attempts: d.attempt });
}

async function actOnAnswer(d: Delivery, answer: WebhookAnswer): Promise<void> {
  if (answer.status >= 500)
    return retryOrGiveUp(d, { reason: `it answered with status ${answer.status}`, status: answer.status, body: answer.body });
  if (answer.status < 200 || answer.status >= 300) {
    return giveUp(d, `The bot's endpoint answered with status ${answer.status}.`, {
      reason: `it answered with status ${answer.status}`,
      status: answer.status,
      body: answer.body,
    });
  }
  const reading = readAnswer(d.service.interface, answer.body);
  if ('reply' in reading) await replyInConversation(d.deps, d.bot, d.message, reading.reply);
  else if ('invalid' in reading) await postFailure(d.deps, d.bot, d.message, reading.invalid);
}

async function deliverToService(d: Delivery): Promise<void> {
  const built = buildRequest(d.service.interface, {
    message: d.message,
    trigger: d.trigger,
    token: d.service.token,
    bot: { id: d.bot.id, email: d.bot.email, fullName: d.bot.full_name },
  });
  if ('refused' in built) return postFailure(d.deps, d.bot, d.message, built.refused);
  let answer: WebhookAnswer;
  try {
    answer = await postToWebhook(d.service.base_url, built.body, { policy: d.deps.policy, timeoutMs: d.deps.timeoutMs });
  } catch (err) {
    if (err instanceof WebhookConnectionError) return retryOrGiveUp(d, { reason: `it could not be reached (${err.message})` });
    const reason =
      err instanceof BlockedAddressError ? `its address is not allowed: ${err.message}` : `the request failed: ${(err as Error).message}`;
    return giveUp(d, 'The bot could not call its endpoint.', { reason });
  }
  return actOnAnswer(d, answer);
}

export async function deliverOutgoingWebhook(deps: DeliverDeps, payload: OutgoingWebhookPayload, attempt: number): Promise<void> {
  const db = deps.db.knex;
  const bot = await db<UserRow>('users')
    .where({ realm_id: payload.realmId, id: payload.botId, is_active: true, bot_type: BOT_TYPES.OUTGOING_WEBHOOK })
    .first();
  if (!bot) return;
  const loaded = (await loadMessages(db, [payload.messageId])).get(payload.messageId);
  // Deleted before its turn came: nothing left to answer.
  if (!loaded || loaded.row.realm_id !== bot.realm_id) return;
  const message = loaded.wire;
  // One service per bot today; a retry repeats the job, so it goes to the first service only.
  const [service] = await getBotServices(db, bot.id);
  if (!service) return;
  await deliverToService({ deps, bot, message, service, attempt, trigger: payload.trigger });
}
