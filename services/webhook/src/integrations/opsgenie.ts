/**
 * Opsgenie's webhook integration: every alert action (Create, Acknowledge, AddNote, a custom
 * action's name, ...) as a link to the alert and a list of what the action and the alert carry,
 * in the topic named after the Opsgenie integration that sent it.
 */
import type { Integration } from '../framework/integration';
import { dig, isObject, optArray, requireString, type JsonObject } from '../framework/payload';

/** The alert's fields listed, in this order, with their labels; `tags` is the alert's tag list. */
const FIELDS: [field: string, label: string][] = [
  ['note', 'Note'],
  ['recipient', 'Recipient'],
  ['addedTags', 'Tags added'],
  ['team', 'Team added'],
  ['owner', 'Assigned owner'],
  ['removedTags', 'Tags removed'],
  ['message', 'Message'],
  ['tags', 'Tags'],
  ['escalationName', 'Escalation'],
];

function details(payload: JsonObject, alert: JsonObject): string[] {
  const tags = optArray(alert, 'tags')
    .filter((tag) => typeof tag === 'string')
    .map((tag) => `\`${tag}\``)
    .join(', ');
  const lines: string[] = [];
  for (const [field, label] of FIELDS) {
    let value: string;
    if (field === 'tags') {
      if (!tags) continue;
      value = tags;
    } else if (field === 'escalationName') {
      // The escalation is the payload's, not the alert's.
      if (!Object.hasOwn(payload, field)) continue;
      value = requireString(payload, field);
    } else {
      if (!Object.hasOwn(alert, field)) continue;
      value = requireString(alert, field);
    }
    lines.push(`* **${label}**: ${value}`);
  }
  return lines;
}

export const opsgenie: Integration = {
  name: 'opsgenie',
  eventTypes: [
    'AddTeam',
    'UnAcknowledge',
    'AddNote',
    'TestAction',
    'Close',
    'Escalate',
    'AddRecipient',
    'RemoveTags',
    'Acknowledge',
    'Delete',
    'AddTags',
    'TakeOwnership',
    'Create',
    'AssignOwnership',
  ],
  handle(payload, { flag }) {
    const action = requireString(payload, 'action');
    const alertId = requireString(payload, 'alert.alertId');
    const integrationName = requireString(payload, 'integrationName');
    const alert = dig(payload, 'alert');
    const region = flag('eu_region') ? 'eu.' : '';
    const content = [
      `[Opsgenie alert for ${integrationName}](https://app.${region}opsgenie.com/alert/V2#/show/${alertId}):`,
      `* **Type**: ${action}`,
      ...details(payload, isObject(alert) ? alert : {}),
    ].join('\n');
    return [{ topic: integrationName, content, eventType: action }];
  },
};
