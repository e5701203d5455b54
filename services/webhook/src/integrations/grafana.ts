/**
 * Grafana's webhook contact point. Grafana 8 and later (unified alerting) send Alertmanager-style
 * alerts: one message each, in a topic named after the alert in brackets. Grafana 7's legacy
 * alerting sends one rule's state, in a topic of the notification's title. Each message's event
 * type is its status or state, for `only_events`/`exclude_events`.
 */
import { invalidArgument } from '@chat/errors';
import { dashList, globalTime, labelValue, statusLine } from '../framework/alerts';
import type { Integration, WebhookMessage } from '../framework/integration';
import { isObject, optObject, optString, requireString, type JsonObject } from '../framework/payload';
import { pythonStr } from '../framework/python';

/** What an alert that has not ended carries as its end. */
const NOT_ENDED = '0001-01-01T00:00:00Z';

const LEGACY_STATES = ['no_data', 'paused', 'alerting', 'ok', 'pending', 'unknown'];

function stringsOf(object: JsonObject, where: string): [string, string][] {
  return Object.keys(object).map((key) => [key, labelValue(object, key, where)]);
}

function unifiedAlert(alert: JsonObject, index: number): WebhookMessage {
  const status = requireString(alert, 'status');
  if (status !== 'firing' && status !== 'resolved') throw invalidArgument(`alerts[${index}]["status"]`, status);
  let body = (status === 'firing' ? statusLine(':alert:', 'FIRING') : statusLine(':checkbox:', 'RESOLVED')) + '\n\n';

  const labels = optObject(alert, 'labels');
  const alertname = optString(labels, 'alertname');
  // Without a name, the fingerprint still keeps each alert's story in one topic.
  const topic = `[${alertname || requireString(alert, 'fingerprint')}]`;
  if (alertname) body += `**${alertname}**\n\n`;

  body += `This alert was fired at ${globalTime(requireString(alert, 'startsAt'), 'startsAt')}.`;
  const endsAt = requireString(alert, 'endsAt');
  if (endsAt !== NOT_ENDED) body += `\n\nThis alert was resolved at ${globalTime(endsAt, 'endsAt')}.`;

  if (Object.keys(labels).length > 0) body += `\n\nLabels:\n${dashList(stringsOf(labels, 'labels'))}\n`;

  const values = optObject(alert, 'values');
  if (Object.keys(values).length > 0) {
    body += `Values:\n${dashList(Object.entries(values).map(([key, value]) => [key, pythonStr(value)]))}\n`;
  } else if (optString(alert, 'valueString')) {
    body += `Values:\n${optString(alert, 'valueString')}\n\n`;
  }

  const annotations = optObject(alert, 'annotations');
  if (Object.keys(annotations).length > 0) body += `Annotations:\n${dashList(stringsOf(annotations, 'annotations'))}`;

  for (const [label, field] of [
    ['Generator', 'generatorURL'],
    ['Silence', 'silenceURL'],
    ['Image', 'imageURL'],
  ] as const) {
    const url = optString(alert, field);
    if (url) body += `\n[${label}](${url})`;
  }
  return { topic, content: body.trim(), eventType: status };
}

function legacyAlert(payload: JsonObject): WebhookMessage {
  const topic = requireString(payload, 'title');
  const state = requireString(payload, 'state');
  if (!LEGACY_STATES.includes(state)) throw invalidArgument('state', state);
  const emoji = state === 'alerting' ? ':alert:' : state === 'ok' ? ':squared_ok:' : ':info:';

  const matches = Array.isArray(payload.evalMatches) ? payload.evalMatches : [];
  const evalMatches = matches
    .filter(isObject)
    .map((match) => `**${requireString(match, 'metric')}:** ${pythonStr(match.value)}\n`)
    .join('');
  // A message that is there but empty still leaves its blank line, as Grafana's own texts do.
  const message = Object.hasOwn(payload, 'message') ? `${requireString(payload, 'message')}\n\n` : '';

  let body =
    `${statusLine(emoji, state.toUpperCase())}\n\n` +
    `[${requireString(payload, 'ruleName')}](${requireString(payload, 'ruleUrl')})\n\n` +
    `${message}${evalMatches}`;
  if (Object.hasOwn(payload, 'imageUrl')) body += `\n[Click to view visualization](${requireString(payload, 'imageUrl')})`;
  return { topic, content: body.trim(), eventType: state };
}

export const grafana: Integration = {
  name: 'grafana',
  eventTypes: ['ok', 'pending', 'alerting', 'paused', 'firing', 'resolved'],
  handle(payload) {
    if (!Object.hasOwn(payload, 'alerts')) return [legacyAlert(payload)];
    const alerts = Array.isArray(payload.alerts) ? payload.alerts : [];
    return alerts.map((alert, index) => {
      if (!isObject(alert)) throw invalidArgument(`alerts[${index}]`, alert);
      return unifiedAlert(alert, index);
    });
  },
};
