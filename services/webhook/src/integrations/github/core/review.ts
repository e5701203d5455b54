/**
 * Reviews of pull requests and their line comments, filed under the pull request's topic. The
 * link names the review (or comment); with a topic chosen by the caller it names the pull
 * request too.
 */
import { pullRequestMessage } from '../../../framework/git';
import type { Handler } from '../../../framework/integration';
import { dig, isObject, requireString, type JsonObject } from '../../../framework/payload';
import { githubMessage, pullRequestTopic, senderName, titleIfTopicGiven } from '../common';

/** `#1 Title`, for links that name the pull request after the review. */
function numberAndTitle(payload: JsonObject): string {
  return `#${requireString(payload, 'pull_request.number')} ${requireString(payload, 'pull_request.title')}`;
}

export const pullRequestReview: Handler = (payload, context) => {
  // Submitting a review also sends an "edited" event with no changes for its body: a duplicate.
  const changes = dig(payload, 'changes');
  if (requireString(payload, 'action') === 'edited' && (!isObject(changes) || Object.keys(changes).length === 0)) return null;
  const body = dig(payload, 'review.body');
  const content = pullRequestMessage({
    userName: senderName(payload),
    action: 'submitted',
    url: requireString(payload, 'review.html_url'),
    type: 'PR review',
    title: titleIfTopicGiven(context, () => `for ${numberAndTitle(payload)}`),
    message: typeof body === 'string' ? body : null,
  });
  return githubMessage(pullRequestTopic(payload), content, 'pull_request_review');
};

export const pullRequestReviewComment: Handler = (payload, context) => {
  const action = requireString(payload, 'action');
  const content = pullRequestMessage({
    userName: senderName(payload),
    action,
    url: requireString(payload, 'comment.html_url'),
    // Only a new comment is quoted; an edit or deletion just points at it.
    message: action === 'created' ? requireString(payload, 'comment.body') : null,
    type: 'PR review comment',
    title: titleIfTopicGiven(context, () => `on ${numberAndTitle(payload)}`),
  });
  return githubMessage(pullRequestTopic(payload), content, 'pull_request_review_comment');
};
