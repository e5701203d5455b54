/**
 * What an integration is: a declaration (its name, how its events are told apart, the events it
 * handles and ignores, its signature) and, per event, a pure function
 * from the payload to messages. Everything else is the framework's (endpoint.ts): reading the
 * body, the event header, the unsupported-event answer, `only_events`/`exclude_events`, signature
 * checks, `stream`/`topic`, posting and telling the bot's owner about misconfiguration. So an
 * integration module is its declaration and its formatting. How a caller authenticates and how
 * large a body it may send are in its endpoint's declaration (@chat/contracts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { JsonObject } from './payload';

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
  /**
   * What `only_events` and `exclude_events` match (Zulip's complete_event_type): the event when
   * absent; null, or absent for an integration with one format, when no filter applies (Zulip's
   * views that pass no event type).
   */
  eventType?: string | null;
  /** Where it goes instead of the caller's stream (or the bot's owner without one). */
  to?: MessageRecipient;
}

/** A user of the bot's realm as an integration may name them. */
export interface RealmUser {
  fullName: string;
}

/**
 * Look-ups in the bot's realm, for the integrations that turn a third party's user into a Zulip
 * name as Zulip does (Jira's assignee and mentions).
 */
export interface RealmUsers {
  /** The user with this delivery email (any case, surrounding spaces ignored), active or not. */
  byDeliveryEmail(email: string): Promise<RealmUser | undefined>;
  /** The first active user, by id, whose full name is `name` or whose email starts with it, any case. */
  byNameOrEmailPrefix(name: string): Promise<RealmUser | undefined>;
}

/** A recipient an integration chooses itself, for services whose events say whom they are for. */
export type MessageRecipient =
  /**
   * Privately, from the bot, to the first active user of the bot's realm (by id) whose full name
   * is the name or whose email starts with it, case-insensitively; names are tried in order, and
   * the message is dropped when none matches (TeamCity's personal builds).
   */
  | { userNamed: readonly string[] }
  /**
   * The bot's owner, from Notification Bot, at most once per wait period: the service is set up
   * wrongly. `{bot}` in the content becomes the bot's full name.
   */
  | { botOwnerNotice: true };

/** What a handler is given besides the payload. */
export interface WebhookContext {
  request: WebhookRequest;
  /** The event as the header or the payload names it; '' for integrations with one format. */
  event: string;
  /** The caller chose the topic, so a message should say what the topic would have said. */
  topicGiven: boolean;
  /** A query parameter, as sent. */
  param(name: string): string | undefined;
  /** A boolean query parameter ("true"/"false", as Zulip's Json[bool]); `fallback` when absent. */
  flag(name: string, fallback?: boolean): boolean;
  /** The bot's realm's users. */
  users: RealmUsers;
}

type Produced = WebhookMessage | WebhookMessage[] | null;

/**
 * Messages to send; none (null or []) answers success without posting. A promise only when the
 * handler looks users up.
 */
export type Handler = (payload: JsonObject, context: WebhookContext) => Produced | Promise<Produced>;

/**
 * An HMAC of the raw body sent in a header, checked when the URL carries `webhook_secret`
 * (Zulip's validate_webhook_signature).
 */
export interface SignatureRule {
  header: string;
  algorithm: 'sha1' | 'sha256';
  /** Text before the hex digest in the header ("sha256=" for GitHub). */
  prefix?: string;
}

/**
 * Its name, display name, what it posts and its URL options are its endpoint's declaration
 * (@chat/contracts webhookEndpoints), which the API reference, GET /integrations and the web
 * client read; the module holds how its payloads are read.
 */
interface IntegrationBase {
  /** The URL segment, /api/v1/external/<name>, and its endpoint declaration's name. */
  name: string;
  /** The body as handlers read it; JSON objects by default. */
  parse?: (request: WebhookRequest) => JsonObject;
  signature?: SignatureRule;
  /**
   * `stream` and `topic` are percent-decoded once more: some services (Jira, Bitbucket) encode the
   * URL they were given again before calling it (Zulip's unquote_url_parameters).
   */
  unquoteUrlParameters?: boolean;
}

/** One format: every request goes to `handle`. */
export interface SingleFormatIntegration extends IntegrationBase {
  handle: Handler;
  /** The event types its messages carry, for `only_events`/`exclude_events` (Zulip's all_event_types). */
  eventTypes?: readonly string[];
}

/** Several events, told apart by a header or by the payload. */
export interface EventIntegration extends IntegrationBase {
  /** The header naming the event; a request without it is MISSING_HTTP_EVENT_HEADER. */
  eventHeader?: string;
  /**
   * The event read from the payload (and the headers), when a header alone does not name it; null
   * answers success and posts nothing, for requests the integration skips whatever their event.
   */
  eventOf?: (payload: JsonObject, request: WebhookRequest) => string | null;
  /** Handlers by event; any other event is answered as unsupported. */
  events: Record<string, Handler>;
  /** Events the third party sends that are answered with success and nothing posted. */
  ignoredEvents?: readonly string[];
}

export type Integration = SingleFormatIntegration | EventIntegration;

/** Messages' `client`, as Zulip names it from the display name. */
export function clientNameFor(displayName: string): string {
  return `Zulip${displayName}Webhook`;
}
