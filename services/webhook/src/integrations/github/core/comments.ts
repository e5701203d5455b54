/**
 * Comments on issues and pull requests (filed under the item's topic) and on commits (under the
 * repository), quoted.
 */
import { commitCommentMessage, pullRequestMessage } from '../../../framework/git';
import type { Handler } from '../../../framework/integration';
import { requireString } from '../../../framework/payload';
import { commentAction, githubMessage, isPullRequestIssue, issueTopic, repositoryName, senderName, titleIfTopicGiven } from '../common';

export const issueComment: Handler = (payload, context) => {
  const content = pullRequestMessage({
    userName: senderName(payload),
    action: commentAction(payload),
    url: requireString(payload, 'issue.html_url'),
    number: requireString(payload, 'issue.number'),
    message: requireString(payload, 'comment.body'),
    title: titleIfTopicGiven(context, () => requireString(payload, 'issue.title')),
    type: isPullRequestIssue(payload) ? 'PR' : 'issue',
  });
  return githubMessage(issueTopic(payload), content, 'issue_comment');
};

export const commitComment: Handler = (payload) => {
  const commentUrl = requireString(payload, 'comment.html_url');
  // The comment's address is the commit's with an anchor.
  const commitUrl = commentUrl.split('#', 1)[0]!;
  const content = commitCommentMessage(
    senderName(payload),
    `[commented](${commentUrl})`,
    commitUrl,
    requireString(payload, 'comment.commit_id'),
    requireString(payload, 'comment.body'),
  );
  return githubMessage(repositoryName(payload), content, 'commit_comment');
};
