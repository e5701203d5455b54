/** Jira's issue events: created, deleted, and "updated", which also carries comments and transitions. */
import type { Handler, RealmUsers } from '../../framework/integration';
import { dig, optArray, optObject, type JsonObject } from '../../framework/payload';
import { author, endsWithPunctuation, issueLink, issueTitle, issueTopic, stringAt } from './fields';
import { convertJiraMarkup } from './markup';
import { truthy } from '../../framework/python';

export const issueCreated: Handler = (payload) => {
  const content = [
    `${author(payload)} created ${issueLink(payload, { withTitle: true })}:`,
    '',
    `* **Priority**: ${stringAt(payload, 'issue.fields.priority.name')}`,
    `* **Assignee**: ${stringAt(payload, 'issue.fields.assignee.displayName', 'no one')}`,
  ].join('\n');
  return { topic: issueTopic(payload), content };
};

export const issueDeleted: Handler = (payload) => {
  const end = endsWithPunctuation(issueTitle(payload)) ? '' : '.';
  return { topic: issueTopic(payload), content: `${author(payload)} deleted ${issueLink(payload, { withTitle: true })}${end}` };
};

/** The assignee in bold, named as the realm's user with that email when there is one. */
async function assigneeMention(email: string, users: RealmUsers): Promise<string> {
  if (email === '') return '';
  return `**${(await users.byDeliveryEmail(email))?.fullName ?? email}**`;
}

/** What an "updated" event is about, when Jira (older versions) does not say. */
function subEvent(payload: JsonObject): string {
  const named = stringAt(payload, 'issue_event_type_name');
  if (named !== '') return named;
  if (truthy(payload.comment)) return 'issue_commented';
  if (truthy(payload.transition)) return 'issue_transited';
  return '';
}

function changeLine(field: string, from: string | null, to: string): string {
  return `* Changed ${field}${from ? ` from **${from}**` : ''}${to ? ` to ${to}\n` : ''}`;
}

/** Python's str of an optional string field. */
function shown(value: unknown): string {
  return value === undefined || value === null ? 'None' : String(value);
}

async function commentContent(payload: JsonObject, sub: string, issue: string, blurb: string, users: RealmUsers): Promise<string> {
  const verb =
    sub === 'issue_commented' ? 'commented on' : sub === 'issue_comment_edited' ? 'edited a comment on' : 'deleted a comment from';
  const who = payload.webhookEvent === 'comment_created' ? stringAt(payload, 'comment.author.displayName') : author(payload);
  const content = `${who} ${verb} ${issue}${blurb}`;
  const comment = stringAt(payload, 'comment.body');
  if (!comment) return `${content}.`;
  return `${content}:\n\n\`\`\` quote\n${await convertJiraMarkup(comment, users)}\n\`\`\``;
}

export const issueUpdated: Handler = async (payload, { users }) => {
  const issue = issueLink(payload, { id: stringAt(payload, 'issue.key'), withTitle: true });
  const mention = await assigneeMention(stringAt(payload, 'issue.fields.assignee.emailAddress'), users);
  const blurb = mention ? ` (assigned to ${mention})` : '';
  const sub = subEvent(payload);
  const topic = issueTopic(payload);
  if (sub.includes('comment')) return { topic, content: await commentContent(payload, sub, issue, blurb, users) };

  let content = `${author(payload)} updated ${issue}${blurb}:\n\n`;
  const changelog = dig(payload, 'changelog');
  if (truthy(changelog)) {
    for (const item of optArray(changelog, 'items')) {
      const change = optObject({ item }, 'item');
      // Own keys only: a parsed object still inherits toString.
      const at = (key: string) => (Object.hasOwn(change, key) ? change[key] : undefined);
      const field = at('field');
      const to = field === 'assignee' && mention ? mention : `**${shown(at('toString'))}**`;
      const fromString = at('fromString');
      const from = typeof fromString === 'string' ? fromString : null;
      content += changeLine(shown(field), from, to);
    }
  } else if (sub === 'issue_transited') {
    content += changeLine('status', stringAt(payload, 'transition.from_status'), `**${stringAt(payload, 'transition.to_status')}**`);
  }
  return { topic, content };
};
