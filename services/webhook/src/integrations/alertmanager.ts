/**
 * Prometheus Alertmanager's webhook receiver. The topic is the value of the label (or annotation)
 * the URL's `name` names, each line the one `desc` names; alerts of one topic and status read as
 * one message, firing before resolved.
 */
import { invalidArgument, missingArgument } from '@chat/errors';
import { labelValue, statusLine } from '../framework/alerts';
import type { Integration, WebhookMessage } from '../framework/integration';
import { isObject, optObject, requireString, type JsonObject } from '../framework/payload';

const STATUSES = {
  firing: statusLine(':alert:', 'FIRING'),
  resolved: statusLine(':squared_ok:', 'Resolved'),
} as const;
type Status = keyof typeof STATUSES;

/** A label's value, else the annotation's, else `fallback` (an empty label still counts). */
function labelOrAnnotation(alert: JsonObject, key: string, fallback: string): string {
  for (const where of ['labels', 'annotations']) {
    const source = optObject(alert, where);
    if (Object.hasOwn(source, key)) return labelValue(source, key, where);
  }
  return fallback;
}

function statusOf(alert: JsonObject, index: number): Status {
  const status = requireString(alert, 'status');
  if (status !== 'firing' && status !== 'resolved') throw invalidArgument(`alerts[${index}][status]`, status);
  return status;
}

export const alertmanager: Integration = {
  name: 'alertmanager',
  handle(payload, { param }) {
    const alerts = payload.alerts;
    if (!Array.isArray(alerts)) throw missingArgument('alerts');
    const nameField = param('name') ?? 'instance';
    const descField = param('desc') ?? 'alertname';
    // Insertion order keeps the payload's order of topics.
    const topics = new Map<string, Record<Status, string[]>>();
    alerts.forEach((alert, index) => {
      if (!isObject(alert)) throw invalidArgument(`alerts[${index}]`, alert);
      const name = labelOrAnnotation(alert, nameField, '(unknown)');
      const desc = labelOrAnnotation(alert, descField, `<missing field: ${descField}>`);
      // Prometheus links the console tab; the graph tells more.
      const url = requireString(alert, 'generatorURL').replaceAll('tab=1', 'tab=0');
      const lines = topics.get(name) ?? { firing: [], resolved: [] };
      lines[statusOf(alert, index)].push(`${desc} ([source](${url}))`);
      topics.set(name, lines);
    });
    const messages: WebhookMessage[] = [];
    for (const [topic, byStatus] of topics) {
      for (const status of ['firing', 'resolved'] as const) {
        const lines = byStatus[status];
        if (lines.length === 0) continue;
        const content =
          lines.length === 1 ? `${STATUSES[status]} ${lines[0]}` : `${STATUSES[status]}\n${lines.map((l) => `* ${l}`).join('\n')}`;
        messages.push({ topic, content });
      }
    }
    return messages;
  },
};
