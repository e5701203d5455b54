/**
 * Bitbucket Cloud (bitbucket.org) repository webhooks, JSON. The event is read from the
 * payload's shape, and for pull requests and repository updates from X-Event-Key (event.ts).
 * Pushes go to their branch's topic (tags to the repository's), pull requests and issues to
 * their own, the rest to the repository's.
 */
import type { Integration } from '../../framework/integration';
import { bitbucket2Event } from './event';
import { issueCommented, issueCreated, issueUpdated } from './issues';
import { pullRequestAction, pullRequestComment, pullRequestOpened } from './pull-request';
import { push } from './push';
import { commitComment, commitStatusChanged, fork, repoUpdated } from './repository';

export const bitbucket2: Integration = {
  name: 'bitbucket2',
  // Bitbucket encodes the URL it is given once more before calling it.
  unquoteUrlParameters: true,
  eventOf: bitbucket2Event,
  events: {
    push,
    fork,
    commit_comment: commitComment,
    change_commit_status: commitStatusChanged,
    issue_created: issueCreated,
    issue_updated: issueUpdated,
    issue_commented: issueCommented,
    pull_request_created: pullRequestOpened('created'),
    pull_request_updated: pullRequestOpened('updated'),
    pull_request_approved: pullRequestAction('approved'),
    pull_request_unapproved: pullRequestAction('unapproved'),
    pull_request_fulfilled: pullRequestAction('merged'),
    pull_request_rejected: pullRequestAction('rejected'),
    pull_request_comment_created: pullRequestComment('created'),
    pull_request_comment_updated: pullRequestComment('updated'),
    pull_request_comment_deleted: pullRequestComment('deleted'),
    'repo:updated': repoUpdated,
  },
};
