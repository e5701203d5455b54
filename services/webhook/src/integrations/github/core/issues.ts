/**
 * Issues, every action, filed under the issue's topic: opened (with its text), closed, assigned,
 * labelled, milestoned, transferred to another repository (told on both sides), and the rest.
 */
import { issueLabelMessage, issueMessage, issueMilestoneMessage } from '../../../framework/git';
import type { Handler, WebhookContext } from '../../../framework/integration';
import { dig, isObject, requireString, type JsonObject } from '../../../framework/payload';
import { githubMessage, has, issueTopic, senderName, senderUrl, titleIfTopicGiven } from '../common';

function issue(payload: JsonObject, field: string): string {
  return requireString(payload, `issue.${field}`);
}

function title(payload: JsonObject, context: WebhookContext): string | null {
  return titleIfTopicGiven(context, () => issue(payload, 'title'));
}

function labeledOrUnlabeled(payload: JsonObject, context: WebhookContext, action: string): string {
  return issueLabelMessage({
    userName: senderName(payload),
    userUrl: senderUrl(payload),
    action: action === 'labeled' ? 'added' : 'removed',
    url: issue(payload, 'html_url'),
    number: issue(payload, 'number'),
    labelName: requireString(payload, 'label.name'),
    title: title(payload, context),
  });
}

function milestonedOrDemilestoned(payload: JsonObject, context: WebhookContext, action: string): string {
  return issueMilestoneMessage({
    userName: senderName(payload),
    userUrl: senderUrl(payload),
    action: action === 'milestoned' ? 'added' : 'removed',
    url: issue(payload, 'html_url'),
    number: issue(payload, 'number'),
    milestoneName: requireString(payload, 'milestone.title'),
    milestoneUrl: requireString(payload, 'milestone.html_url'),
    title: title(payload, context),
  });
}

/** Told in the repository it left: the link to where it went. */
function transferred(payload: JsonObject): string {
  const target = `[${requireString(payload, 'changes.new_repository.full_name')}/#${requireString(payload, 'changes.new_issue.number')}]`;
  return (
    `${senderName(payload)} transferred [issue #${issue(payload, 'number')} ${issue(payload, 'title')}](${issue(payload, 'html_url')}) ` +
    `to ${target}(${requireString(payload, 'changes.new_issue.html_url')}).`
  );
}

/** Told in the repository it arrived in: where it came from. */
function openedViaTransfer(payload: JsonObject): string {
  const origin = `[${requireString(payload, 'changes.old_repository.full_name')}#${requireString(payload, 'changes.old_issue.number')}]`;
  return (
    `[Issue #${issue(payload, 'number')} ${issue(payload, 'title')}](${issue(payload, 'html_url')}) ` +
    `was transferred from ${origin}(${requireString(payload, 'changes.old_issue.html_url')}).`
  );
}

/** Any other action: the issue's text quoted, except when only its assignees changed. */
function otherAction(payload: JsonObject, context: WebhookContext, action: string): string {
  const body = dig(payload, 'issue.body');
  return issueMessage({
    userName: senderName(payload),
    action,
    url: issue(payload, 'html_url'),
    number: issue(payload, 'number'),
    message: action === 'assigned' || action === 'unassigned' || typeof body !== 'string' ? null : body,
    title: title(payload, context),
    assigneeUpdated: has(payload, 'assignee') ? requireString(payload, 'assignee.login') : null,
  });
}

export const issues: Handler = (payload, context) => {
  const action = requireString(payload, 'action');
  const send = (content: string, eventType: string) => githubMessage(issueTopic(payload), content, eventType);
  switch (action) {
    case 'labeled':
    case 'unlabeled':
      return send(labeledOrUnlabeled(payload, context, action), 'issue_labeled_or_unlabeled');
    case 'milestoned':
    case 'demilestoned':
      return send(milestonedOrDemilestoned(payload, context, action), 'issue_milestoned_or_demilestoned');
    case 'transferred':
      return send(transferred(payload), 'issues_transferred');
    default: {
      const oldIssue = dig(payload, 'changes.old_issue');
      if (action === 'opened' && isObject(oldIssue) && Object.keys(oldIssue).length > 0) {
        return send(openedViaTransfer(payload), 'issues_opened_via_transfer');
      }
      return send(otherAction(payload, context, action), 'issues');
    }
  }
};
