/**
 * Linear: issues, sub-issues and comments, the kind named in the payload's `type`. Zulip passes
 * these messages no event type, so `only_events` and `exclude_events` do not apply to them.
 */
import { invalidArgument, missingArgument } from '@chat/errors';
import { unsupportedEvent } from '../framework/errors';
import type { Handler, Integration, WebhookMessage } from '../framework/integration';
import { dig, isObject, optString, requireString, type JsonObject } from '../framework/payload';

/** Kinds Linear sends that are answered with success and not posted. */
const IGNORED_TYPES = ['IssueLabel', 'Project', 'ProjectUpdate', 'Cycle', 'Reaction'];

function quote(text: string): string {
  return `\n~~~ quote\n${text}\n~~~\n`;
}

/** A field Zulip reads as an integer though the message does not show it: its absence is still an error. */
function requireInteger(payload: JsonObject, path: string): void {
  const found = dig(payload, path);
  if (found === undefined || found === null) requireString(payload, path);
  else if (typeof found !== 'number' || !Number.isInteger(found)) throw invalidArgument(path, found);
}

function dataOf(payload: JsonObject): JsonObject {
  if (!isObject(payload.data)) throw missingArgument('data');
  return payload.data;
}

function message(topic: string, content: string): WebhookMessage {
  return { topic, content, eventType: null };
}

function issueMessage(kind: 'Issue' | 'Sub-Issue'): Handler {
  return (payload) => {
    const data = dataOf(payload);
    const title = requireString(payload, 'data.title');
    const topic = `${kind}: ${title}`;
    requireInteger(payload, 'data.number');
    const team = requireString(payload, 'data.team.name');
    const action = requireString(payload, 'action');
    if (action === 'remove') return message(topic, `This issue has been removed from team ${team}.`);

    const verb = action === 'create' ? 'created' : 'updated';
    let content = `[${kind}](${requireString(payload, 'url')}) was ${verb} in team ${team}`;
    content += Object.hasOwn(data, 'description') ? `:${quote(requireString(payload, 'data.description'))}` : '.';
    const details: string[] = [];
    const priority = requireString(payload, 'data.priorityLabel');
    if (priority !== 'No priority') details.push(`Priority: ${priority}`);
    if (Object.hasOwn(data, 'assignee')) details.push(`Assignee: ${requireString(payload, 'data.assignee.name')}`);
    details.push(`Status: ${requireString(payload, 'data.state.name')}`);
    return message(topic, `${content}\n${details.join(', ')}.`);
  };
}

const comment: Handler = (payload) => {
  const topic = `Issue: ${requireString(payload, 'data.issue.title')}`;
  const user = requireString(payload, 'data.user.name');
  const action = requireString(payload, 'action');
  if (action === 'remove') return message(topic, `${user} has removed a comment.`);
  const link = `[${action === 'create' ? 'commented' : 'updated comment'}](${requireString(payload, 'url')})`;
  const content = `${user} ${link} on issue **${requireString(payload, 'data.issue.title')}**:${quote(requireString(payload, 'data.body'))}`;
  return message(topic, content);
};

export const linear: Integration = {
  name: 'linear',
  eventOf(payload) {
    const type = requireString(payload, 'type');
    if (type === 'Issue') return Object.hasOwn(dataOf(payload), 'parentId') ? 'sub_issue' : 'issue';
    if (type === 'Comment') return 'comment';
    if (IGNORED_TYPES.includes(type)) return type;
    // A kind Linear added since.
    throw unsupportedEvent(`${type}:${optString(payload, 'action', '???')}`);
  },
  events: { issue: issueMessage('Issue'), sub_issue: issueMessage('Sub-Issue'), comment },
  ignoredEvents: IGNORED_TYPES,
};
