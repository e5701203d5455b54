/**
 * Payloads of Sentry's webhooks plugin (a project's "WebHooks" service, not an integration-platform
 * app). A modern one carries the event without its link and time; it is completed to read as an
 * alert rule's. A deprecated one (no event id) is told by project.
 */
import { missingArgument } from '@chat/errors';
import type { WebhookMessage } from '../../framework/integration';
import { optObject, optString, requireString, type Json, type JsonObject } from '../../framework/payload';
import { pythonStr } from '../../framework/python';

/** The event with the `web_url` and `datetime` an alert rule's event has; none without an id. */
export function completedPluginEvent(payload: JsonObject): JsonObject | undefined {
  const event = optObject(payload, 'event');
  const eventId = optString(event, 'event_id');
  if (!eventId) return undefined;
  const webUrl = joinUrl(requireString(payload, 'url'), `events/${eventId}/`);
  const seconds: Json | undefined = Object.hasOwn(event, 'timestamp') ? event.timestamp : event.received;
  if (typeof seconds !== 'number') throw missingArgument('event.timestamp');
  // Whole seconds are all a global time shows.
  const datetime = new Date(Math.floor(seconds) * 1000).toISOString();
  return { ...event, web_url: webUrl, datetime };
}

/** `base` with a relative reference resolved as a browser (and Python's urljoin) would. */
function joinUrl(base: string, relative: string): string {
  try {
    return new URL(relative, base).href;
  } catch {
    return relative;
  }
}

const FENCE = '```';

export function deprecatedMessage(payload: JsonObject): WebhookMessage {
  const content =
    `New [issue](${pythonStr(payload.url)}) (level: ${requireString(payload, 'level').toUpperCase()}):\n\n` +
    `${FENCE} quote\n${pythonStr(payload.message)}\n${FENCE}`;
  return { topic: pythonStr(payload.project_name), content };
}
