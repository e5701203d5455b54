/**
 * What an integration is: a name and a pure function from the request (raw body, headers, query)
 * to zero or more messages. How its caller authenticates and how large a body it takes are in its
 * endpoint's declaration (@chat/contracts). Everything else (parsing the stream/topic parameters,
 * posting, telling the bot's owner about misconfiguration) is the framework's, so an integration
 * module is only the third party's format.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface WebhookRequest {
  /** The body exactly as sent, whatever its Content-Type. */
  body: Buffer;
  headers: IncomingHttpHeaders;
  /** Query parameters, the last value of a repeated one (Django's QueryDict). */
  query: Record<string, string>;
}

export interface WebhookMessage {
  /** Used for stream messages unless the caller gave `topic`; ignored for private messages. */
  topic: string;
  content: string;
}

export interface Integration {
  /** The URL segment, /api/v1/external/<name>, and its declaration's name. */
  name: string;
  /** As Zulip spells it; the client is `Zulip<displayName>Webhook`, as in messages' `client`. */
  displayName: string;
  /** Throws ApiError for a payload it cannot use (unsupported event, missing field). */
  toMessages(request: WebhookRequest): WebhookMessage[];
}

export function clientNameFor(integration: Pick<Integration, 'displayName'>): string {
  return `Zulip${integration.displayName}Webhook`;
}
