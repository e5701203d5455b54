/**
 * Grafana's webhook notification channel. Legacy dashboard alerting (Grafana up to 7, and 8 when
 * kept) sends one rule's state with its matching values; unified alerting (8 and later) sends
 * Alertmanager's payload, which is told the same way as Alertmanager's.
 */
import { unsupportedEvent } from '../framework/errors';
import type { Integration } from '../framework/integration';
import { isObject, optArray, optString, parseJsonObject, type JsonObject } from '../framework/payload';
import { link } from '../framework/text';
import { alertMessages } from './alertmanager';

const NAME = 'Grafana';

const STATES: Record<string, string> = {
  alerting: ':alert: **Alerting**',
  ok: ':squared_ok: **Resolved**',
  no_data: ':grey_question: **No data**',
  pending: ':hourglass: **Pending**',
  paused: ':pause_button: **Paused**',
};

function legacyAlert(payload: JsonObject): string {
  const state = optString(payload, 'state');
  const header = Object.hasOwn(STATES, state) ? STATES[state] : undefined;
  if (!header) throw unsupportedEvent(NAME, state || '(no state)');
  const rule = optString(payload, 'ruleName') || optString(payload, 'title');
  const parts = [`${header}: ${link(rule, optString(payload, 'ruleUrl'))}`];
  const message = optString(payload, 'message').trim();
  if (message) parts.push(message);
  const matches = optArray(payload, 'evalMatches')
    .filter(isObject)
    .map((m) => `**${optString(m, 'metric')}**: ${optString(m, 'value')}`);
  if (matches.length > 0) parts.push(matches.join('\n'));
  const image = optString(payload, 'imageUrl');
  if (image) parts.push(link('Image', image));
  return parts.join('\n\n');
}

export const grafana: Integration = {
  name: 'grafana',
  parse: () => ({}),
  handle(_payload, { request }) {
    const { body } = request;
    const payload = parseJsonObject(body);
    if (Array.isArray(payload.alerts)) {
      return alertMessages(payload.alerts, {
        webhookName: NAME,
        nameField: 'instance',
        descField: 'alertname',
        fallbackTopic: optString(payload, 'title') || 'Grafana alerts',
      });
    }
    const topic = optString(payload, 'ruleName') || optString(payload, 'title') || 'Grafana alerts';
    return [{ topic, content: legacyAlert(payload) }];
  },
};
