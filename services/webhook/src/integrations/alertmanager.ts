/**
 * Prometheus Alertmanager's webhook receiver (payload version 4), whose shape Grafana's unified
 * alerting also sends. One message per alert name and status, so a storm of one alert reads as
 * a list under one topic and its resolution follows in the same topic.
 */
import { missingArgument } from '@chat/errors';
import { unsupportedEvent } from '../framework/errors';
import type { Integration, WebhookMessage } from '../framework/integration';
import { isObject, optString, parseJsonObject, type Json, type JsonObject } from '../framework/payload';
import { link } from '../framework/text';

const STATUS_HEADERS: Record<string, string> = { firing: ':alert: **Firing**', resolved: ':squared_ok: **Resolved**' };

export interface AlertOptions {
  webhookName: string;
  /** Label (or annotation) that says where an alert fires; `name` in the URL, default instance. */
  nameField: string;
  /** Label (or annotation) that names the alert, used as topic; `desc` in the URL, default alertname. */
  descField: string;
  /** Topic when an alert has no name at all. */
  fallbackTopic: string;
}

function field(alert: JsonObject, key: string): string {
  return optString(alert, `labels.${key}`) || optString(alert, `annotations.${key}`);
}

/** Prometheus opens generator links on the console tab (tab=1); the graph (tab=0) is what helps. */
function graphUrl(url: string): string {
  return url.replace(/([?&]g\d+\.tab=)1\b/g, '$10');
}

function alertLine(alert: JsonObject, options: AlertOptions): string {
  const where = field(alert, options.nameField) || optString(alert, 'labels.host') || '(unknown)';
  const what = optString(alert, 'annotations.description') || optString(alert, 'annotations.summary') || field(alert, options.descField);
  const url = optString(alert, 'generatorURL') || optString(alert, 'panelURL') || optString(alert, 'dashboardURL');
  return `${where}: ${what}${url ? ` (${link('graph', graphUrl(url))})` : ''}`;
}

export function alertMessages(alerts: Json[], options: AlertOptions): WebhookMessage[] {
  // Insertion order of a Map keeps the payload's order of topics and statuses.
  const groups = new Map<string, Map<string, string[]>>();
  for (const alert of alerts) {
    if (!isObject(alert)) continue;
    const status = optString(alert, 'status');
    if (!Object.hasOwn(STATUS_HEADERS, status)) throw unsupportedEvent(options.webhookName, status || '(no status)');
    const topic = field(alert, options.descField) || options.fallbackTopic;
    const byStatus = groups.get(topic) ?? new Map<string, string[]>();
    byStatus.set(status, [...(byStatus.get(status) ?? []), alertLine(alert, options)]);
    groups.set(topic, byStatus);
  }
  const messages: WebhookMessage[] = [];
  for (const [topic, byStatus] of groups) {
    for (const [status, lines] of byStatus) {
      const header = STATUS_HEADERS[status]!;
      const content =
        lines.length === 1 ? `${header} ${lines[0]}` : `${header} (${lines.length})\n${lines.map((l) => `* ${l}`).join('\n')}`;
      messages.push({ topic, content });
    }
  }
  return messages;
}

export const alertmanager: Integration = {
  name: 'alertmanager',
  parse: () => ({}),
  handle(_payload, { request }) {
    const { body, query } = request;
    const payload = parseJsonObject(body);
    const alerts = payload.alerts;
    if (!Array.isArray(alerts)) throw missingArgument('alerts');
    return alertMessages(alerts, {
      webhookName: 'AlertManager',
      nameField: query.name || 'instance',
      descField: query.desc || 'alertname',
      fallbackTopic: 'Alertmanager',
    });
  },
};
