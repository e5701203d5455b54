/**
 * Pull requests, every action GitHub sends, each filed under the pull request's topic. Labels,
 * drafts, approvals and withdrawn review requests are not told; an action GitHub adds later is
 * answered as unsupported, naming it.
 */
import { pullRequestMessage } from '../../../framework/git';
import { unsupportedEvent } from '../../../framework/errors';
import type { Handler, WebhookContext } from '../../../framework/integration';
import { requireBool, dig, isObject, requireString, type JsonObject } from '../../../framework/payload';
import { githubMessage, has, pullRequestTopic, senderName, titleIfTopicGiven } from '../common';

const IGNORED_ACTIONS = ['approved', 'converted_to_draft', 'labeled', 'review_request_removed', 'unlabeled'];

function pr(payload: JsonObject, field: string): string {
  return requireString(payload, `pull_request.${field}`);
}

function title(payload: JsonObject, context: WebhookContext): string | null {
  return titleIfTopicGiven(context, () => pr(payload, 'title'));
}

/** Opened, reopened, updated with new commits or edited: the description when it is new. */
function openedOrUpdated(payload: JsonObject, context: WebhookContext, action: string): string {
  const assignee = dig(payload, 'pull_request.assignee');
  const changes = dig(payload, 'changes');
  const body = has(changes, 'body') || action === 'opened' ? dig(payload, 'pull_request.body') : null;
  const opened = action === 'opened';
  return pullRequestMessage({
    userName: senderName(payload),
    action: action === 'synchronize' ? 'updated' : action,
    url: pr(payload, 'html_url'),
    targetBranch: opened ? pr(payload, 'head.label') : null,
    baseBranch: opened ? pr(payload, 'base.label') : null,
    message: typeof body === 'string' ? body : null,
    assignee: isObject(assignee) && Object.keys(assignee).length > 0 ? requireString(assignee, 'login') : null,
    number: pr(payload, 'number'),
    title: title(payload, context),
  });
}

function assignedOrUnassigned(payload: JsonObject, context: WebhookContext, action: string): string {
  return pullRequestMessage({
    userName: senderName(payload),
    action,
    url: pr(payload, 'html_url'),
    number: pr(payload, 'number'),
    title: title(payload, context),
    assigneeUpdated: requireString(payload, 'assignee.login'),
  });
}

function closed(payload: JsonObject, context: WebhookContext): string {
  return pullRequestMessage({
    userName: senderName(payload),
    action: requireBool(payload, 'pull_request.merged') ? 'merged' : 'closed without merge',
    url: pr(payload, 'html_url'),
    number: pr(payload, 'number'),
    title: title(payload, context),
  });
}

function reviewRequested(payload: JsonObject, context: WebhookContext): string {
  const reviewers = has(payload, 'requested_reviewer')
    ? `[${requireString(payload, 'requested_reviewer.login')}](${requireString(payload, 'requested_reviewer.html_url')})`
    : `[${requireString(payload, 'requested_team.name')}](${requireString(payload, 'requested_team.html_url')})`;
  const number = pr(payload, 'number');
  const itemTitle = title(payload, context);
  const item = itemTitle === null ? `PR #${number}` : `PR #${number} ${itemTitle}`;
  return `**${senderName(payload)}** requested ${reviewers} for a review on [${item}](${pr(payload, 'html_url')}).`;
}

/** `[PR #1](url)`: these messages never carry the title. */
function plainLink(payload: JsonObject): string {
  return `[PR #${pr(payload, 'number')}](${pr(payload, 'html_url')})`;
}

function lockedOrUnlocked(payload: JsonObject, action: string): string {
  if (action === 'unlocked') return `${senderName(payload)} has unlocked ${plainLink(payload)}.`;
  const reason = dig(payload, 'pull_request.active_lock_reason');
  // Python formats a missing reason as "None".
  const why = typeof reason === 'string' && reason !== '' ? reason : 'None';
  return `${senderName(payload)} has locked ${plainLink(payload)} as ${why} and limited conversation to collaborators.`;
}

export const pullRequest: Handler = (payload, context) => {
  const action = requireString(payload, 'action');
  const send = (content: string, eventType: string) => githubMessage(pullRequestTopic(payload), content, eventType);
  switch (action) {
    case 'opened':
    case 'reopened':
      return send(openedOrUpdated(payload, context, action), 'opened_pull_request');
    case 'synchronize':
    case 'edited':
      return send(openedOrUpdated(payload, context, action), 'updated_pull_request');
    case 'assigned':
    case 'unassigned':
      return send(assignedOrUnassigned(payload, context, action), 'assigned_or_unassigned_pull_request');
    case 'closed':
      return send(closed(payload, context), 'closed_pull_request');
    case 'review_requested':
      return send(reviewRequested(payload, context), 'pull_request_review_requested');
    case 'ready_for_review':
      return send(`**${senderName(payload)}** has marked ${plainLink(payload)} as ready for review.`, 'pull_request_ready_for_review');
    case 'locked':
    case 'unlocked':
      return send(lockedOrUnlocked(payload, action), 'locked_or_unlocked_pull_request');
    case 'auto_merge_enabled':
    case 'auto_merge_disabled': {
      const did = action === 'auto_merge_enabled' ? 'enabled' : 'disabled';
      return send(`${senderName(payload)} has ${did} auto merge for ${plainLink(payload)}.`, 'pull_request_auto_merge');
    }
    default:
      if (IGNORED_ACTIONS.includes(action)) return null;
      throw unsupportedEvent(`pull_request:${action}`);
  }
};
