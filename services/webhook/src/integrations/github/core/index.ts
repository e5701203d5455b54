/**
 * GitHub's events about code and its review: pushes, pull requests and their reviews, issues,
 * comments, and the ping GitHub sends when a hook is created.
 */
import type { Handler } from '../../../framework/integration';
import { isObject } from '../../../framework/payload';
import { githubMessage, organizationName, repositoryName, senderName } from '../common';
import { commitComment, issueComment } from './comments';
import { issues } from './issues';
import { pullRequest } from './pull-request';
import { push } from './push';
import { pullRequestReview, pullRequestReviewComment } from './review';

/** An organization's hook has no repository: the organization is the topic. */
const ping: Handler = (payload) => {
  const repository = payload.repository;
  const hasRepository = isObject(repository) ? Object.keys(repository).length > 0 : Boolean(repository);
  const topic = hasRepository ? repositoryName(payload) : organizationName(payload);
  return githubMessage(topic, `GitHub webhook has been successfully configured by ${senderName(payload)}.`, 'ping');
};

export const coreEvents: Record<string, Handler> = {
  push,
  pull_request: pullRequest,
  pull_request_review: pullRequestReview,
  pull_request_review_comment: pullRequestReviewComment,
  issues,
  issue_comment: issueComment,
  commit_comment: commitComment,
  ping,
};
