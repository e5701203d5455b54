/**
 * An issue's changes, as the integration platform sends them: created, resolved, assigned and
 * ignored. The topic is the issue's title, so they read with the issue's events.
 */
import { globalTime } from '../../framework/alerts';
import { unsupportedEvent } from '../../framework/errors';
import type { WebhookMessage } from '../../framework/integration';
import { isObject, optString, requireString, type Json, type JsonObject } from '../../framework/payload';

function assigneeOf(assignedTo: Json | undefined): string {
  if (!isObject(assignedTo)) return 'No one';
  const name = requireString(assignedTo, 'name');
  return optString(assignedTo, 'type') === 'team' ? `team ${name}` : name;
}

export function issueMessage(action: string, issue: JsonObject, actor: JsonObject): WebhookMessage {
  const title = requireString(issue, 'title');
  const lastSeen = globalTime(requireString(issue, 'lastSeen'), 'lastSeen');
  const assignee = assigneeOf(issue.assignedTo);
  const subject = `Issue **${title}**`;
  let content: string;
  switch (action) {
    case 'created':
      content =
        `**New issue created:** ${title}\n` +
        ['```quote', `**level:** ${requireString(issue, 'level')}`, `**timestamp:** ${lastSeen}`, `**assignee:** ${assignee}`, '```'].join(
          '\n',
        );
      break;
    case 'resolved':
      content = `${subject} was marked as resolved by **${requireString(actor, 'name')}**.`;
      break;
    case 'assigned':
      content = `${subject} has now been assigned to **${assignee}** by **${requireString(actor, 'name')}**.`;
      break;
    case 'ignored':
      content = `${subject} was ignored by **${requireString(actor, 'name')}**.`;
      break;
    default:
      throw unsupportedEvent(`${action} action`);
  }
  return { topic: title, content };
}
