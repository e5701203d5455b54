/**
 * PagerDuty's incident webhooks in their three generations: v1 and v2 send a `messages` list (v1
 * names each one's event `type`, v2 `event`), v3 one `event` object. Every version posts one
 * message per incident change to the topic "Incident <number>", with the same sentences.
 */
import { unsupportedEvent } from '../framework/errors';
import { emailUsername } from '../framework/incidents';
import type { Integration, WebhookMessage } from '../framework/integration';
import { dig, isObject, optArray, optString, requireString, type Json, type JsonObject } from '../framework/payload';

const V1_ACTIONS: Record<string, string> = {
  'incident.trigger': 'triggered',
  'incident.acknowledge': 'acknowledged',
  'incident.unacknowledge': 'unacknowledged',
  'incident.resolve': 'resolved',
  'incident.assign': 'assigned',
  'incident.escalate': 'escalated',
  // Zulip's word for a delegation; kept so the text is the same.
  'incident.delegate': 'delineated',
};

const V2_ACTIONS: Record<string, string> = {
  'incident.trigger': 'triggered',
  'incident.acknowledge': 'acknowledged',
  'incident.resolve': 'resolved',
  'incident.assign': 'assigned',
};

const V3_ACTIONS: Record<string, string> = {
  'incident.triggered': 'triggered',
  'incident.acknowledged': 'acknowledged',
  'incident.unacknowledged': 'unacknowledged',
  'incident.resolved': 'resolved',
  'incident.reassigned': 'reassigned',
};

/** One incident change, whatever the version said it in. */
interface Change {
  /** The event as the payload names it: it picks the sentence. */
  type: string;
  action: string;
  /** "3", or for v3 "Title (#3)": the link text and the topic. */
  numTitle: string;
  url: string;
  service: string;
  serviceUrl: string;
  /** The first assignee as a link, or "nobody". */
  assignee: string;
  /** Who made the change, as a link, when the payload says. */
  agent?: string;
  /** A quote block of what triggered the incident; v3 has none. */
  trigger: string;
}

const person = (name: string, url: string): string => `[${name}](${url})`;
const quote = (text: string): string => `\`\`\` quote\n${text}\n\`\`\``;

function actionOf(table: Record<string, string>, type: string): string {
  const action = Object.hasOwn(table, type) ? table[type] : undefined;
  if (action === undefined) throw unsupportedEvent(type);
  return action;
}

function v1Change(message: JsonObject, type: string): Change {
  const incident = (path: string) => requireString(message, `data.incident.${path}`);
  const user = (field: string): string | undefined => {
    const found = dig(message, `data.incident.${field}`);
    if (!isObject(found) || Object.keys(found).length === 0) return undefined;
    return person(emailUsername(requireString(found, 'email')), requireString(found, 'html_url'));
  };
  const summary = dig(message, 'data.incident.trigger_summary_data');
  const lines = isObject(summary) ? [optString(summary, 'subject'), optString(summary, 'description')].filter(Boolean) : [];
  return {
    type,
    action: actionOf(V1_ACTIONS, type),
    numTitle: incident('incident_number'),
    url: incident('html_url'),
    service: incident('service.name'),
    serviceUrl: incident('service.html_url'),
    assignee: user('assigned_to_user') ?? 'nobody',
    agent: user('resolved_by_user'),
    trigger: quote(lines.join('\n')),
  };
}

/** v2 and v3 name people by their `summary`. */
function summaryLink(value: Json | undefined): string | undefined {
  if (!isObject(value)) return undefined;
  return person(requireString(value, 'summary'), requireString(value, 'html_url'));
}

function v2Change(message: JsonObject, type: string): Change {
  const incident = (path: string) => requireString(message, `incident.${path}`);
  const description = dig(message, 'incident.description');
  return {
    type,
    action: actionOf(V2_ACTIONS, type),
    numTitle: incident('incident_number'),
    url: incident('html_url'),
    service: incident('service.name'),
    serviceUrl: incident('service.html_url'),
    assignee: summaryLink(dig(optArray(message, 'incident.assignments')[0], 'assignee')) ?? 'nobody',
    agent: summaryLink(dig(message, 'incident.last_status_change_by')),
    trigger: typeof description === 'string' ? quote(description) : '',
  };
}

function v3Change(event: JsonObject, type: string): Change {
  const data = (path: string) => requireString(event, `data.${path}`);
  return {
    type,
    action: actionOf(V3_ACTIONS, type),
    numTitle: `${data('title')} (#${data('number')})`,
    url: data('html_url'),
    service: data('service.summary'),
    serviceUrl: data('service.html_url'),
    assignee: summaryLink(optArray(event, 'data.assignees')[0]) ?? 'nobody',
    agent: summaryLink(dig(event, 'agent')),
    trigger: '',
  };
}

function sentence(change: Change): string {
  const incident = `Incident [${change.numTitle}](${change.url})`;
  switch (change.type) {
    case 'incident.trigger':
    case 'incident.triggered':
    case 'incident.unacknowledge':
    case 'incident.unacknowledged':
      return `${incident} ${change.action} by [${change.service}](${change.serviceUrl}) (assigned to ${change.assignee}).`;
    case 'incident.resolve':
    case 'incident.resolved':
      return change.agent ? `${incident} resolved by ${change.agent}.` : `${incident} resolved.`;
    case 'incident.assign':
    case 'incident.reassigned':
      return `${incident} ${change.action} to ${change.assignee}.`;
    default:
      return `${incident} ${change.action} by ${change.assignee}.`;
  }
}

function messageOf(change: Change): WebhookMessage {
  const content = change.trigger ? `${sentence(change)}\n\n${change.trigger}` : sentence(change);
  return { topic: `Incident ${change.numTitle}`, content, eventType: change.action };
}

const stringField = (value: JsonObject, key: string): string | undefined => {
  const found = value[key];
  return typeof found === 'string' ? found : undefined;
};

export const pagerduty: Integration = {
  name: 'pagerduty',
  eventTypes: ['resolved', 'assigned', 'unacknowledged', 'acknowledged', 'triggered', 'reassigned'],
  handle(payload) {
    const messages = optArray(payload, 'messages').filter(isObject);
    if (messages.length > 0) {
      // A v1 list names each message's event `type`, a v2 list its `event`: each list is read
      // until its first message without that field.
      const changes: Change[] = [];
      for (const message of messages) {
        const type = stringField(message, 'type');
        if (type === undefined) break;
        changes.push(v1Change(message, type));
      }
      for (const message of messages) {
        const type = stringField(message, 'event');
        if (type === undefined) break;
        changes.push(v2Change(message, type));
      }
      return changes.map(messageOf);
    }
    if (!isObject(payload.event)) return [];
    return [messageOf(v3Change(payload.event, stringField(payload.event, 'event_type') ?? 'None'))];
  },
};
