/**
 * Zabbix's webhook media type, with the script and parameters Zulip's documentation gives: each
 * trigger's alert (status, severity, trigger and item) in the topic of its host. A payload
 * without those parameters means the media type is misconfigured: its bot's owner is told.
 */
import { misconfiguredPayload } from '../framework/incidents';
import type { Integration } from '../framework/integration';
import type { JsonObject } from '../framework/payload';

const PARAMETERS = ['hostname', 'severity', 'status', 'item', 'trigger', 'link'] as const;

function parameters(payload: JsonObject): Record<(typeof PARAMETERS)[number], string> {
  const values: Partial<Record<(typeof PARAMETERS)[number], string>> = {};
  for (const name of PARAMETERS) {
    const value = payload[name];
    if (typeof value !== 'string') {
      throw misconfiguredPayload('\nscript correctly and provide all the required parameters');
    }
    values[name] = value;
  }
  return values as Record<(typeof PARAMETERS)[number], string>;
}

export const zabbix: Integration = {
  name: 'zabbix',
  handle(payload) {
    const p = parameters(payload);
    const content = `${p.status} (${p.severity}) alert on [${p.hostname}](${p.link}):\n* ${p.trigger}\n* ${p.item}`;
    return [{ topic: p.hostname, content }];
  },
};
