/**
 * The events Gogs and Gitea word alike (Gitea is a fork of Gogs, and Zulip words both with one
 * view): pushes, new branches, issues, issue comments and releases. Pull requests differ between
 * the two and are each integration's own.
 */
import type { Handler, WebhookContext, WebhookMessage } from '../../framework/integration';
import { branchIsNotifiable } from '../../framework/filters';
import {
  branchTopic,
  createBranchMessage,
  issueMessage,
  itemTopic,
  pushCommitsMessage,
  releaseMessage,
  releaseTopic,
  type Commit,
} from '../../framework/git';
import { isObject, optArray, type JsonObject } from '../../framework/payload';
import { int, present, str } from './fields';

const repoName = (payload: JsonObject): string => str(payload, 'repository.name');

function issueUrl(payload: JsonObject, number: number): string {
  return `${str(payload, 'repository.html_url')}/issues/${number}`;
}

/** A commit counts under its author's username, or the first word of their name without one. */
function commitOf(commit: JsonObject): Commit {
  const username = str(commit, 'author.username');
  return {
    name:
      username ||
      (str(commit, 'author.name')
        .split(/\s+/)
        .find((word) => word !== '') ??
        ''),
    sha: str(commit, 'id'),
    url: str(commit, 'url'),
    message: str(commit, 'message'),
  };
}

function push(payload: JsonObject, context: WebhookContext): WebhookMessage | null {
  const branch = str(payload, 'ref').replace('refs/heads/', '');
  if (!branchIsNotifiable(branch, context.param('branches'))) return null;
  const content = pushCommitsMessage({
    userName: str(payload, 'sender.username'),
    compareUrl: str(payload, 'compare_url'),
    branch,
    commits: optArray(payload, 'commits').filter(isObject).map(commitOf),
  });
  return { topic: branchTopic(repoName(payload), branch), content };
}

function create(payload: JsonObject): WebhookMessage {
  const branch = str(payload, 'ref');
  const url = `${str(payload, 'repository.html_url')}/src/${branch}`;
  return { topic: branchTopic(repoName(payload), branch), content: createBranchMessage(str(payload, 'sender.username'), url, branch) };
}

function issues(payload: JsonObject, context: WebhookContext): WebhookMessage {
  const number = int(payload, 'issue.number');
  const title = str(payload, 'issue.title');
  const action = str(payload, 'action');
  const assignee = present(payload, 'issue.assignee') ? str(payload, 'issue.assignee.login') : null;
  const content = issueMessage({
    userName: str(payload, 'sender.login'),
    action,
    url: issueUrl(payload, number),
    number,
    message: str(payload, 'issue.body'),
    assignee,
    title: context.topicGiven ? title : null,
    assigneeUpdated: action === 'assigned' ? assignee : null,
  });
  return { topic: itemTopic(repoName(payload), 'issue', number, title), content };
}

function issueComment(payload: JsonObject, context: WebhookContext): WebhookMessage {
  const number = int(payload, 'issue.number');
  const title = str(payload, 'issue.title');
  const action = str(payload, 'action');
  // The action names the comment itself: "[commented](url) on" or "edited a [comment](url) on".
  const did = `${action === 'created' ? '[commented]' : `${action} a [comment]`}(${str(payload, 'comment.html_url')}) on`;
  const content = issueMessage({
    userName: str(payload, 'sender.login'),
    action: did,
    url: issueUrl(payload, number),
    number,
    message: str(payload, 'comment.body'),
    title: context.topicGiven ? title : null,
  });
  return { topic: itemTopic(repoName(payload), 'issue', number, title), content };
}

function release(payload: JsonObject): WebhookMessage {
  const tag = str(payload, 'release.tag_name');
  const name = str(payload, 'release.name');
  const content = releaseMessage(
    str(payload, 'release.author.username'),
    str(payload, 'action'),
    tag,
    name,
    str(payload, 'repository.html_url'),
  );
  return { topic: releaseTopic(repoName(payload), tag, name), content };
}

/** Pull requests: the topic is shared, the wording each integration's. */
export function pullRequestEvent(format: (payload: JsonObject, includeTitle: boolean) => string): Handler {
  return (payload, context) => ({
    topic: itemTopic(repoName(payload), 'PR', int(payload, 'pull_request.id'), str(payload, 'pull_request.title')),
    content: format(payload, context.topicGiven),
  });
}

export const sharedEvents: Record<string, Handler> = {
  push,
  create,
  issues,
  issue_comment: issueComment,
  release,
};
