/**
 * The two payload forms of an outgoing webhook (Zulip's GenericOutgoingWebhookService and
 * SlackOutgoingWebhookService): what is POSTed for a trigger, and what in the answer is a reply.
 */
import { SERVICE_INTERFACES } from '@chat/db';
import type { WireMessage } from '@chat/events';
import type { PostBody } from './http-post';

/** 'mention' for a stream message naming the bot, 'private_message' for one addressed to it. */
export type Trigger = 'mention' | 'private_message';

export interface TriggerEvent {
  message: WireMessage;
  trigger: Trigger;
  bot: { id: number; email: string; fullName: string };
  token: string;
}

/** The request body, or a reason the form cannot carry this message (posted back as a failure). */
export type BuiltRequest = { body: PostBody } | { refused: string };

function genericRequest(event: TriggerEvent): BuiltRequest {
  const data = {
    data: event.message.content,
    trigger: event.trigger,
    token: event.token,
    message: event.message,
    bot_email: event.bot.email,
    bot_full_name: event.bot.fullName,
  };
  return { body: { contentType: 'application/json', data: JSON.stringify(data) } };
}

/** Slack's outgoing-webhook form fields, as Zulip fills them. */
function slackRequest(event: TriggerEvent): BuiltRequest {
  const { message } = event;
  if (message.type !== 'stream') return { refused: "Slack outgoing webhooks don't support private messages." };
  const fields: [string, string | number][] = [
    ['token', event.token],
    ['team_id', message.sender_realm_str],
    ['team_domain', message.sender_email.split('@').pop() ?? ''],
    ['channel_id', message.stream_id ?? ''],
    ['channel_name', typeof message.display_recipient === 'string' ? message.display_recipient : ''],
    ['timestamp', message.timestamp],
    ['user_id', message.sender_id],
    ['user_name', message.sender_full_name],
    ['text', message.content],
    ['trigger_word', event.trigger],
    ['service_id', event.bot.id],
  ];
  const form = new URLSearchParams(fields.map(([key, value]): [string, string] => [key, String(value)]));
  return { body: { contentType: 'application/x-www-form-urlencoded', data: form.toString() } };
}

export function buildRequest(interfaceType: number, event: TriggerEvent): BuiltRequest {
  return interfaceType === SERVICE_INTERFACES.SLACK ? slackRequest(event) : genericRequest(event);
}

/** A reply to post, nothing to post, or an answer that is not JSON (posted back as a failure). */
export type AnswerReading = { reply: string } | { silent: true } | { invalid: string };

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Zulip's process_success: the generic form replies with `content` (or the older
 * `response_string`) unless `response_not_required`; the slack form with `text`. An empty body,
 * or a reply of nothing, posts nothing.
 */
export function readAnswer(interfaceType: number, body: string): AnswerReading {
  if (body.trim() === '') return { silent: true };
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    return { invalid: 'Invalid JSON in response' };
  }
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return { silent: true };
  const fields = answer as Record<string, unknown>;
  let reply: unknown;
  if (interfaceType === SERVICE_INTERFACES.SLACK) {
    reply = fields.text;
  } else {
    if (fields.response_not_required === true) return { silent: true };
    reply = 'response_string' in fields ? fields.response_string : fields.content;
  }
  if (reply === undefined || reply === null) return { silent: true };
  const text = asText(reply);
  return text.trim() === '' ? { silent: true } : { reply: text };
}
