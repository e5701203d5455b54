/**
 * Pull request events, each in the pull request's topic: opened and modified (with reviewers and
 * description), merged, declined, deleted, reviewers' verdicts and changes, and comments.
 */
import { endsWithPunctuation, itemTopic, pullRequestMessage } from '../../framework/git';
import type { Handler, WebhookContext } from '../../framework/integration';
import { missingArgument } from '@chat/errors';
import { dig, isObject, optArray, requireString, type JsonObject } from '../../framework/payload';
import { selfUrl, userLink, withTitle } from './common';

type Action = 'opened' | 'modified' | 'merged' | 'declined' | 'deleted' | 'approved' | 'unapproved' | 'needs_work' | 'reviewers_updated';

function topicOf(pr: JsonObject): string {
  return itemTopic(requireString(pr, 'toRef.repository.name'), 'PR', requireString(pr, 'id'), requireString(pr, 'title'));
}

/** The reviewers as links to their profiles, "a, b and c"; null when there are none. */
function reviewers(pr: JsonObject): string | null {
  const links = optArray(pr, 'reviewers').map((r) => `[${requireString(r, 'user.name')}](${selfUrl(r, 'user')})`);
  if (links.length === 0) return null;
  return links.length === 1 ? links[0]! : `${links.slice(0, -1).join(', ')} and ${links[links.length - 1]}`;
}

/** `[PR #6]` or, when the caller chose the topic, `[PR #6 Title]`, linked. */
function prLink(pr: JsonObject, context: WebhookContext): string {
  const title = withTitle(context) ? ` ${requireString(pr, 'title')}` : '';
  return `[PR #${requireString(pr, 'id')}${title}](${selfUrl(pr, '')})`;
}

function body(payload: JsonObject, pr: JsonObject, action: Action, context: WebhookContext): string {
  const user = userLink(payload);
  const title = withTitle(context) ? requireString(pr, 'title') : null;
  const common = { userName: user, url: selfUrl(pr, ''), number: requireString(pr, 'id'), title };
  const branches = () => ({ targetBranch: requireString(pr, 'fromRef.displayId'), baseBranch: requireString(pr, 'toRef.displayId') });
  switch (action) {
    case 'opened':
    case 'modified': {
      const description = dig(pr, 'description');
      return pullRequestMessage({
        ...common,
        action,
        ...(action === 'opened' ? branches() : {}),
        message: typeof description === 'string' ? description : null,
        reviewer: reviewers(pr),
      });
    }
    case 'merged':
      return pullRequestMessage({ ...common, action, ...branches() });
    case 'needs_work':
      return `${user} marked ${prLink(pr, context)} as "needs work".`;
    case 'reviewers_updated': {
      const assigned = reviewers(pr);
      if (assigned) return `${user} reassigned ${prLink(pr, context)} to ${assigned}.`;
      // No full stop after a title that ends in punctuation.
      const end = title !== null && endsWithPunctuation(title) ? '' : '.';
      return `${user} removed all reviewers from ${prLink(pr, context)}${end}`;
    }
    default:
      return pullRequestMessage({ ...common, action });
  }
}

function pullRequestOf(payload: JsonObject): JsonObject {
  const pr = payload.pullRequest;
  if (!isObject(pr)) throw missingArgument('pullRequest');
  return pr;
}

export function pullRequest(action: Action): Handler {
  return (payload, context) => {
    const pr = pullRequestOf(payload);
    return { topic: topicOf(pr), content: body(payload, pr, action, context) };
  };
}

/** A comment added, edited or deleted (struck through), quoted. */
export function pullRequestComment(action: 'commented on' | 'edited their comment on' | 'deleted their comment on'): Handler {
  return (payload, context) => {
    const pr = pullRequestOf(payload);
    const topic = topicOf(pr);
    const text = requireString(payload, 'comment.text');
    const content = pullRequestMessage({
      userName: userLink(payload),
      action,
      url: selfUrl(pr, ''),
      number: requireString(pr, 'id'),
      message: action === 'deleted their comment on' ? `~~${text}~~` : text,
      title: withTitle(context) ? requireString(pr, 'title') : null,
    });
    return { topic, content };
  };
}
