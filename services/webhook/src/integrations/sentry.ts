/**
 * Sentry. Two senders: the integration platform (an internal integration's webhook, resource in
 * the Sentry-Hook-Resource header: issue changes and alert-rule events) and the older webhooks
 * plugin (no header, one payload per event). One topic per issue title, so an issue's creation,
 * assignment and resolution read together.
 */
import { unsupportedEvent } from '../framework/errors';
import type { Integration, WebhookMessage } from '../framework/integration';
import { optObject, optString, parseJsonObject, type JsonObject } from '../framework/payload';
import { link } from '../framework/text';

const NAME = 'Sentry';

function issueLink(issue: JsonObject): string {
  const title = optString(issue, 'title') || optString(issue, 'shortId') || 'Issue';
  return link(title, optString(issue, 'web_url') || optString(issue, 'permalink'));
}

function issueTopic(issue: JsonObject): string {
  return optString(issue, 'title') || optString(issue, 'shortId') || 'Sentry issue';
}

function details(fields: [string, string][]): string {
  const lines = fields.filter(([, value]) => value !== '').map(([name, value]) => `**${name}**: ${value}`);
  return lines.length > 0 ? `\n\n${lines.join('\n')}` : '';
}

function issueEvent(payload: JsonObject): WebhookMessage {
  const issue = optObject(payload, 'data.issue');
  const actor = optString(payload, 'actor.name') || 'Sentry';
  const action = optString(payload, 'action');
  const subject = `Issue ${issueLink(issue)}`;
  let content: string;
  switch (action) {
    case 'created':
      content =
        `:warning: **New issue**: ${issueLink(issue)}` +
        details([
          ['Level', optString(issue, 'level')],
          ['Culprit', optString(issue, 'culprit') ? `\`${optString(issue, 'culprit')}\`` : ''],
          ['Project', optString(issue, 'project.name')],
        ]);
      break;
    case 'resolved':
      content = `${subject} was marked as resolved by ${actor}.`;
      break;
    case 'unresolved':
      content = `${subject} was marked as unresolved by ${actor}.`;
      break;
    case 'ignored':
    case 'archived':
      content = `${subject} was ignored by ${actor}.`;
      break;
    case 'assigned': {
      const assignee = optString(issue, 'assignedTo.name') || optString(issue, 'assignedTo.email') || 'someone';
      content = `${subject} was assigned to ${assignee} by ${actor}.`;
      break;
    }
    default:
      throw unsupportedEvent(NAME, `issue:${action}`);
  }
  return { topic: issueTopic(issue), content };
}

function eventAlert(payload: JsonObject): WebhookMessage {
  const event = optObject(payload, 'data.event');
  const title = optString(event, 'title') || optString(event, 'message') || 'Event';
  const rule = optString(payload, 'data.triggered_rule');
  const content =
    `:warning: **${optString(event, 'level') || 'Event'}**: ${link(title, optString(event, 'web_url'))}` +
    details([
      ['Culprit', optString(event, 'culprit') ? `\`${optString(event, 'culprit')}\`` : ''],
      ['Alert rule', rule],
    ]);
  return { topic: title, content };
}

/** The webhooks plugin's payload: one event, its issue's URL and the culprit. */
function pluginEvent(payload: JsonObject): WebhookMessage {
  const title = optString(payload, 'event.metadata.title') || optString(payload, 'message') || 'Sentry event';
  const level = optString(payload, 'level') || 'event';
  const project = optString(payload, 'project_name') || optString(payload, 'project');
  const culprit = optString(payload, 'culprit');
  const content =
    `:warning: **New ${level}**${project ? ` in ${project}` : ''}: ${link(title, optString(payload, 'url'))}` +
    details([['Culprit', culprit ? `\`${culprit}\`` : '']]);
  return { topic: title, content };
}

export const sentry: Integration = {
  name: 'sentry',
  parse: () => ({}),
  handle(_payload, { request }) {
    const { body, headers } = request;
    const payload = parseJsonObject(body);
    const resource = headers['sentry-hook-resource'];
    if (resource === undefined) return [pluginEvent(payload)];
    switch (String(resource)) {
      case 'issue':
        return [issueEvent(payload)];
      case 'event_alert':
        return [eventAlert(payload)];
      // Sent once when the integration is installed: nothing to tell the stream.
      case 'installation':
        return [];
      default:
        throw unsupportedEvent(NAME, String(resource));
    }
  },
};
