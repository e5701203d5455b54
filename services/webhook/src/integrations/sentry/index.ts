/**
 * Sentry: an internal integration's webhooks (alert rules' events and issue changes, under
 * `data`) and the older webhooks plugin (the event at the top level, or Sentry's deprecated
 * format without one). Each message's topic is the exception's or issue's title.
 */
import { unsupportedEvent } from '../../framework/errors';
import type { Integration } from '../../framework/integration';
import { isObject, optObject, requireString, type JsonObject } from '../../framework/payload';
import { eventMessage } from './event';
import { issueMessage } from './issue';
import { completedPluginEvent, deprecatedMessage } from './plugin';

/** Python's repr of a list of keys, as Zulip names what it did not recognise. */
function keyList(data: JsonObject): string {
  return `[${Object.keys(data)
    .map((key) => `'${key}'`)
    .join(', ')}]`;
}

export const sentry: Integration = {
  name: 'sentry',
  handle(payload) {
    if (payload.data !== undefined && payload.data !== null) {
      const data = payload.data;
      if (!isObject(data) || Object.keys(data).length === 0) return [deprecatedMessage(payload)];
      if (Object.hasOwn(data, 'event')) return [eventMessage(optObject(data, 'event'))];
      if (Object.hasOwn(data, 'issue')) {
        return [issueMessage(requireString(payload, 'action'), optObject(data, 'issue'), optObject(payload, 'actor'))];
      }
      throw unsupportedEvent(keyList(data));
    }
    const event = completedPluginEvent(payload);
    return [event ? eventMessage(event) : deprecatedMessage(payload)];
  },
};
