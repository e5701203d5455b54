/**
 * From a request to the messages to send, for any integration: its signature, its event, the
 * handler for that event, and the caller's event filters. Posting is the endpoint's.
 */
import { ApiError } from '@chat/errors';
import { parseJsonObject, type JsonObject } from './payload';
import { missingEventHeader, UnnamedWebhookError, unsupportedEvent } from './errors';
import { eventFilter } from './filters';
import type { Handler, Integration, RealmUsers, WebhookContext, WebhookMessage, WebhookRequest } from './integration';
import { checkSignature } from './signature';

/** The event a header names; a request without it is MISSING_HTTP_EVENT_HEADER. */
export function eventFromHeader(request: WebhookRequest, header: string): string {
  const value = request.headers[header.toLowerCase()];
  const event = Array.isArray(value) ? value[0] : value;
  if (event === undefined) throw missingEventHeader(header);
  return event;
}

function eventOf(integration: Integration, payload: JsonObject, request: WebhookRequest): string | null {
  if ('handle' in integration) return '';
  if (integration.eventOf) return integration.eventOf(payload, request);
  return integration.eventHeader ? eventFromHeader(request, integration.eventHeader) : '';
}

/** Zulip's Json[bool] for a query parameter. */
function booleanParam(request: WebhookRequest, name: string, fallback: boolean): boolean {
  const value = request.query[name];
  if (value === undefined) return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new ApiError(`${name} is not a boolean`, { code: 'BAD_REQUEST' });
}

/** The handler for `event`, undefined for an ignored one; an unknown one is unsupported. */
function handlerFor(integration: Integration, event: string): Handler | undefined {
  if ('handle' in integration) return integration.handle;
  if (Object.hasOwn(integration.events, event)) return integration.events[event];
  if (integration.ignoredEvents?.includes(event)) return undefined;
  throw unsupportedEvent(event);
}

function contextFor(request: WebhookRequest, event: string, users: RealmUsers): WebhookContext {
  return {
    request,
    event,
    topicGiven: request.query.topic !== undefined,
    param: (name) => request.query[name],
    flag: (name, fallback = false) => booleanParam(request, name, fallback),
    users,
  };
}

/** `displayName` names the integration in its errors; `users` are the bot's realm's. */
export async function messagesFor(
  integration: Integration,
  displayName: string,
  request: WebhookRequest,
  users: RealmUsers,
): Promise<WebhookMessage[]> {
  try {
    return await unnamedMessagesFor(integration, request, users);
  } catch (err) {
    throw err instanceof UnnamedWebhookError ? err.named(displayName) : err;
  }
}

async function unnamedMessagesFor(integration: Integration, request: WebhookRequest, users: RealmUsers): Promise<WebhookMessage[]> {
  // The filters are read first: a malformed one is the caller's error whatever the payload.
  const keep = eventFilter(request.query);
  if (integration.signature) checkSignature(integration.signature, request);
  const payload = (integration.parse ?? ((r: WebhookRequest) => parseJsonObject(r.body)))(request);
  const event = eventOf(integration, payload, request);
  if (event === null) return [];
  const handler = handlerFor(integration, event);
  if (!handler) return [];
  const produced = await handler(payload, contextFor(request, event, users));
  const messages = produced === null ? [] : Array.isArray(produced) ? produced : [produced];
  return messages.filter((m) => {
    const eventType = m.eventType === undefined ? (event === '' ? null : event) : m.eventType;
    return eventType === null || keep(eventType);
  });
}
