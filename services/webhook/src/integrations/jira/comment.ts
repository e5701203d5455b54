/** Jira's comment events (newer Jira versions send these instead of an "updated" issue event). */
import type { Handler } from '../../framework/integration';
import { requireString, type JsonObject } from '../../framework/payload';
import { issueLink, issueTopic } from './fields';

/** Jira escapes `!` in comment bodies as `\!`. */
function commentBody(payload: JsonObject): string {
  return requireString(payload, 'comment.body').replaceAll('\\!', '!');
}

function commentMessage(payload: JsonObject, verb: string, wrap = (body: string) => body) {
  const who = requireString(payload, 'comment.author.displayName');
  const issue = issueLink(payload, { withTitle: true });
  return {
    topic: issueTopic(payload),
    content: `${who} ${verb} ${issue}\n\`\`\` quote\n${wrap(commentBody(payload))}\n\`\`\`\n`,
  };
}

export const commentCreated: Handler = (payload) => commentMessage(payload, 'commented on');
export const commentUpdated: Handler = (payload) => commentMessage(payload, 'updated their comment on');
export const commentDeleted: Handler = (payload) => commentMessage(payload, 'deleted their comment on', (body) => `~~${body}~~`);
