/**
 * New Relic's webhook destination for alert workflows: each incident update (created, activated,
 * closed) with its priority, state and times, its policies and conditions in a spoiler, and the
 * fields the workflow's template adds under `zulipCustomFields`. A template that leaves out an
 * expected field gets a notice naming the missing ones instead.
 */
import { invalidArgument } from '@chat/errors';
import type { Integration, WebhookMessage } from '../framework/integration';
import { isObject, requireString, type Json, type JsonObject } from '../framework/payload';
import { pythonStr } from '../framework/python';

const PRIORITIES: Record<string, string> = {
  CRITICAL: ':red_circle:',
  HIGH: ':orange_circle:',
  MEDIUM: ':yellow:',
  LOW: ':blue_circle:',
};

const STATES = ['CREATED', 'ACTIVATED', 'CLOSED'];

const NEWRELIC_URL = 'https://one.newrelic.com/alerts-ai';

/** Fields of New Relic's default payload template; without any of them, the notice. */
const EXPECTED_FIELDS = [
  'issueUrl',
  'title',
  'priority',
  'totalIncidents',
  'state',
  'createdAt',
  'updatedAt',
  'alertPolicyNames',
  'alertConditionNames',
];

function missingFieldsNotice(missing: string[]): WebhookMessage {
  const content =
    `:danger: A New Relic [incident](${NEWRELIC_URL}) updated\n\n` +
    '**Warning**: Unable to use the default notification format because at least one expected field was missing from ' +
    'the incident payload. See [New Relic integration documentation](/integrations/newrelic).\n\n' +
    `**Missing fields**: ${missing.map((f) => `\`${f}\``).join(', ')}`;
  // Zulip gives the notice no event type: event filters never drop it.
  return { topic: 'New Relic incident alerts', content };
}

function oneOf(payload: JsonObject, field: string, allowed: readonly string[]): string {
  const value = payload[field];
  if (typeof value !== 'string' || !allowed.includes(value)) throw invalidArgument(field, value ?? null);
  return value;
}

function integerField(payload: JsonObject, field: string): number {
  const value = payload[field];
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidArgument(field, value ?? null);
  return value;
}

/** A millisecond timestamp as the <time:...> syntax, to the second in UTC. */
function time(payload: JsonObject, field: string): string {
  const date = new Date(integerField(payload, field));
  if (Number.isNaN(date.getTime())) throw invalidArgument(field, payload[field] ?? null);
  return `<time:${date.toISOString().slice(0, 19)}+00:00>`;
}

/** `a`, `b`: a list of names, or the default when the field is absent. */
function codeList(payload: JsonObject, field: string, fallback: string): string {
  const value = Object.hasOwn(payload, field) ? payload[field] : [fallback];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw invalidArgument(field, value ?? null);
  return value.map((v) => `\`${v}\``).join(', ');
}

const isScalar = (value: Json): value is string | number | boolean | null => value === null || typeof value !== 'object';

/** Python's str.capitalize(): the first character upper case, the rest lower case. */
const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();

/** One line per custom field: a scalar, or a list of scalars joined by commas. */
function customFields(payload: JsonObject): string {
  const fields = payload.zulipCustomFields;
  if (!isObject(fields)) return '';
  return Object.entries(fields)
    .map(([key, value]) => {
      let text = '*Value is not a supported data type*';
      if (isScalar(value)) text = pythonStr(value);
      else if (Array.isArray(value) && value.every(isScalar)) text = value.map(pythonStr).join(', ');
      return `- **${capitalize(key)}**: ${text}\n`;
    })
    .join('');
}

function incident(payload: JsonObject): WebhookMessage {
  const priority = oneOf(payload, 'priority', Object.keys(PRIORITIES));
  const state = oneOf(payload, 'state', STATES);
  const title = requireString(payload, 'title');
  const url = requireString(payload, 'issueUrl');
  const owner = payload.owner;
  if (owner !== undefined && owner !== null && typeof owner !== 'string') throw invalidArgument('owner', owner);
  const acknowledged = owner && owner !== 'N/A' ? `**Acknowledged by**: ${owner}` : '';
  const details =
    `\n- **Alert policies**: ${codeList(payload, 'alertPolicyNames', 'Unknown policy')}\n` +
    `- **Conditions**: ${codeList(payload, 'alertConditionNames', 'Unknown condition')}\n` +
    `- **Total incidents**: ${integerField(payload, 'totalIncidents')}\n` +
    `- **Incident created at**: ${time(payload, 'createdAt')}\n` +
    customFields(payload);
  const content =
    `${PRIORITIES[priority]} **[${title}](${url})**\n\n` +
    `\`\`\`quote\n**Priority**: ${priority}\n**State**: ${state}\n**Updated at**: ${time(payload, 'updatedAt')}\n${acknowledged}\n\`\`\`\n\n` +
    `\`\`\`spoiler :file: Incident details\n${details}\n\`\`\``;
  return { topic: title, content, eventType: state };
}

export const newrelic: Integration = {
  name: 'newrelic',
  eventTypes: ['CREATED', 'ACTIVATED', 'CLOSED'],
  handle(payload) {
    const missing = EXPECTED_FIELDS.filter((field) => !Object.hasOwn(payload, field));
    return [missing.length > 0 ? missingFieldsNotice(missing) : incident(payload)];
  },
};
