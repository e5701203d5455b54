/**
 * What an integration is: a name, how its caller authenticates, and a pure function from the
 * request (raw body, headers, query) to zero or more messages. Everything else (auth, parsing
 * the stream/topic parameters, posting, telling the bot's owner about misconfiguration) is the
 * framework's, so an integration module is only the third party's format.
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
  /** The URL segment: /api/v1/external/<name>. */
  name: string;
  /** As Zulip spells it; the client is `Zulip<displayName>Webhook`, as in messages' `client`. */
  displayName: string;
  /** `api_key` (query parameter) unless the third party can only send HTTP Basic. */
  auth: 'api_key' | 'basic';
  /** Bytes; larger bodies get a 413 before any parsing. Default DEFAULT_BODY_LIMIT. */
  bodyLimit?: number;
  /** Throws ApiError for a payload it cannot use (unsupported event, missing field). */
  toMessages(request: WebhookRequest): WebhookMessage[];
}

/**
 * Third-party payloads are small (Zulip's fixtures are a few KB); 1 MiB leaves room for large
 * alerts while bounding what one request may hold in memory. Push events, which list commits,
 * raise it.
 */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export function clientNameFor(integration: Pick<Integration, 'displayName'>): string {
  return `Zulip${integration.displayName}Webhook`;
}
