/**
 * UptimeRobot's webhook alert contact, with the POST body Zulip's documentation gives: a monitor
 * going down or coming back up, in the topic of the monitor. A body without the monitor's fields
 * means the alert contact is misconfigured: its bot's owner is told.
 */
import { unsupportedEvent } from '../framework/errors';
import { misconfiguredPayload } from '../framework/incidents';
import type { Integration } from '../framework/integration';
import { requireString, type JsonObject } from '../framework/payload';

function field(payload: JsonObject, name: string): string {
  const value = payload[name];
  if (typeof value !== 'string') throw misconfiguredPayload(' required parameters');
  return value;
}

export const uptimerobot: Integration = {
  name: 'uptimerobot',
  eventTypes: ['up', 'down'],
  handle(payload) {
    const alert = requireString(payload, 'alert_type_friendly_name');
    if (alert !== 'Up' && alert !== 'Down') throw unsupportedEvent(alert);
    const monitor = `${field(payload, 'monitor_friendly_name')} (${field(payload, 'monitor_url')})`;
    const details = field(payload, 'alert_details');
    const content =
      alert === 'Up'
        ? `${monitor} is back UP (${details}).\nIt was down for ${field(payload, 'alert_friendly_duration')}.`
        : `${monitor} is DOWN (${details}).`;
    return [{ topic: field(payload, 'monitor_friendly_name'), content, eventType: alert.toLowerCase() }];
  },
};
