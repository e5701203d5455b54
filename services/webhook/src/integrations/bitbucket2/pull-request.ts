/**
 * Pull requests: created and updated (with the first reviewer and the description), approved,
 * unapproved, merged, declined, and comments on them; all in the pull request's topic.
 */
import { pullRequestMessage } from '../../framework/git';
import type { Handler, WebhookContext } from '../../framework/integration';
import { requireString, type JsonObject } from '../../framework/payload';
import { actorInfo, htmlUrl, need, pullRequestTopic, userInfo } from './common';
import { truthy } from '../../framework/python';

/** The title goes into the link when the caller chose the topic, which then does not name it. */
function titleIf(payload: JsonObject, context: WebhookContext): string | null {
  return context.topicGiven ? requireString(payload, 'pullrequest.title') : null;
}

/** `created` names the branches; both show the description and who was asked to review first. */
export function pullRequestOpened(action: 'created' | 'updated'): Handler {
  return (payload, context) => {
    const topic = pullRequestTopic(payload);
    const reviewers = need(payload, 'pullrequest.reviewers');
    const content = pullRequestMessage({
      userName: actorInfo(payload),
      action,
      url: htmlUrl(payload, 'pullrequest'),
      number: requireString(payload, 'pullrequest.id'),
      targetBranch: action === 'created' ? requireString(payload, 'pullrequest.source.branch.name') : null,
      baseBranch: action === 'created' ? requireString(payload, 'pullrequest.destination.branch.name') : null,
      message: requireString(payload, 'pullrequest.description'),
      assignee: Array.isArray(reviewers) && truthy(reviewers) ? userInfo(reviewers[0]) : null,
      title: titleIf(payload, context),
    });
    return { topic, content };
  };
}

/** Approvals, merges (`fulfilled`, which names the branches) and declines (`rejected`). */
export function pullRequestAction(action: 'approved' | 'unapproved' | 'merged' | 'rejected'): Handler {
  return (payload, context) => {
    const topic = pullRequestTopic(payload);
    const merged = action === 'merged';
    const content = pullRequestMessage({
      userName: actorInfo(payload),
      action,
      url: htmlUrl(payload, 'pullrequest'),
      number: requireString(payload, 'pullrequest.id'),
      targetBranch: merged ? requireString(payload, 'pullrequest.source.branch.name') : null,
      baseBranch: merged ? requireString(payload, 'pullrequest.destination.branch.name') : null,
      title: titleIf(payload, context),
    });
    return { topic, content };
  };
}

/** A comment created, updated or deleted, with its text quoted. */
export function pullRequestComment(verb: 'created' | 'updated' | 'deleted'): Handler {
  return (payload, context) => {
    const topic = pullRequestTopic(payload);
    const commentUrl = htmlUrl(payload, 'comment');
    const action = verb === 'created' ? `[commented](${commentUrl})` : `${verb} a [comment](${commentUrl})`;
    const content = pullRequestMessage({
      userName: actorInfo(payload),
      action: `${action} on`,
      url: htmlUrl(payload, 'pullrequest'),
      number: requireString(payload, 'pullrequest.id'),
      message: requireString(payload, 'comment.content.raw'),
      title: titleIf(payload, context),
    });
    return { topic, content };
  };
}
