/**
 * From a request to the messages to send, for any integration: its signature, its event, the
 * handler for that event, and the caller's event filters. Posting is the endpoint's.
 */
import { parseJsonObject, type JsonObject } from './payload';
import { missingEventHeader, unsupportedEvent } from './errors';
import { eventFilter } from './filters';
import type { Handler, Integration, RealmUsers, WebhookContext, WebhookMessage, WebhookRequest } from './integration';
import { checkSignature } from './signature';

function headerValue(request: WebhookRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function eventOf(integration: Integration, payload: JsonObject, request: WebhookRequest): string {
  if ('handle' in integration) return '';
  if (integration.eventHeader) {
    const value = headerValue(request, integration.eventHeader);
    if (value === undefined) throw missingEventHeader(integration.eventHeader);
    return value;
  }
  return integration.eventOf?.(payload, request) ?? '';
}

/** The handler for `event`, undefined for an ignored one; an unknown one is unsupported. */
function handlerFor(integration: Integration, displayName: string, event: string): Handler | undefined {
  if ('handle' in integration) return integration.handle;
  if (Object.hasOwn(integration.events, event)) return integration.events[event];
  if (integration.ignoredEvents?.includes(event)) return undefined;
  throw unsupportedEvent(displayName, event);
}

function contextFor(request: WebhookRequest, event: string, users: RealmUsers): WebhookContext {
  return {
    request,
    event,
    topicGiven: request.query.topic !== undefined,
    param: (name) => request.query[name],
    flag: (name) => request.query[name] === 'true',
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
  // The filters are read first: a malformed one is the caller's error whatever the payload.
  const keep = eventFilter(request.query);
  if (integration.signature) checkSignature(integration.signature, request);
  const payload = (integration.parse ?? ((r: WebhookRequest) => parseJsonObject(r.body)))(request);
  const event = eventOf(integration, payload, request);
  const handler = handlerFor(integration, displayName, event);
  if (!handler) return [];
  const produced = await handler(payload, contextFor(request, event, users));
  const messages = produced === null ? [] : Array.isArray(produced) ? produced : [produced];
  return messages.filter((m) => m.eventType === null || keep(m.eventType ?? event));
}
