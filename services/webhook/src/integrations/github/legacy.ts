/**
 * GitHub (repository and organization webhooks, JSON content type). The event is in the
 * X-GitHub-Event header; push, pull_request, issues, issue_comment and ping are told, anything
 * else is answered as unsupported so the hook's settings page shows what to switch off.
 */
import { unsupportedEvent } from '../../framework/errors';
import { itemEvent, pushMessage, type ItemRef } from '../../framework/git-legacy';
import type { Integration, WebhookMessage } from '../../framework/integration';
import { dig, isObject, optArray, optObject, optString, parseJsonObject, type JsonObject } from '../../framework/payload';
import { branchOf, branchTopic, eventHeader, issueTopic, link } from '../../framework/text';

const NAME = 'GitHub';

function repoName(payload: JsonObject): string {
  return optString(payload, 'repository.name') || optString(payload, 'organization.login') || 'GitHub';
}

function push(payload: JsonObject): WebhookMessage {
  const ref = optString(payload, 'ref');
  const repo = repoName(payload);
  const pusher = optString(payload, 'pusher.name') || optString(payload, 'sender.login');
  if (ref.startsWith('refs/tags/')) {
    const tag = branchOf(ref);
    const did = dig(payload, 'deleted') === true ? 'deleted' : 'pushed';
    return { topic: repo, content: `${pusher} ${did} tag ${tag}.` };
  }
  const branch = branchOf(ref);
  const commits = optArray(payload, 'commits')
    .filter(isObject)
    .map((c) => ({
      sha: optString(c, 'id'),
      message: optString(c, 'message'),
      url: optString(c, 'url'),
      author: optString(c, 'author.username') || optString(c, 'author.name'),
    }));
  const content = pushMessage({
    pusher,
    branch,
    compareUrl: optString(payload, 'compare'),
    commits,
    deleted: dig(payload, 'deleted') === true,
    forced: dig(payload, 'forced') === true,
  });
  return { topic: branchTopic(repo, branch), content };
}

function itemOf(object: JsonObject, kind: 'PR' | 'Issue'): ItemRef {
  return {
    kind,
    number: optString(object, 'number'),
    title: optString(object, 'title'),
    url: optString(object, 'html_url'),
  };
}

function itemMessage(payload: JsonObject, item: ItemRef, content: string): WebhookMessage {
  return { topic: issueTopic(repoName(payload), item.kind as 'PR', item.number, item.title), content };
}

function pullRequest(payload: JsonObject, titleInLink: boolean): WebhookMessage {
  const pr = optObject(payload, 'pull_request');
  const item = itemOf(pr, 'PR');
  const who = optString(payload, 'sender.login');
  const action = optString(payload, 'action');
  const branches = ` from \`${optString(pr, 'head.ref')}\` to \`${optString(pr, 'base.ref')}\``;
  const assignee = optString(pr, 'assignee.login');
  const say = (did: string, extra = '', body = '') => itemMessage(payload, item, itemEvent(who, did, item, titleInLink, extra, body));
  switch (action) {
    case 'opened':
      return say('opened', `${assignee ? ` (assigned to ${assignee})` : ''}${branches}`, optString(pr, 'body'));
    case 'reopened':
      return say('reopened');
    case 'synchronize':
      return say('updated', branches);
    case 'edited':
      return say('edited');
    case 'closed':
      return dig(pr, 'merged') === true ? say('merged') : say('closed without merge');
    case 'ready_for_review':
      return say('marked as ready for review');
    case 'assigned':
      return say('assigned', ` to ${optString(payload, 'assignee.login')}`);
    case 'unassigned':
      return say(`unassigned ${optString(payload, 'assignee.login')} from`);
    case 'review_requested':
      return say(`requested ${optString(payload, 'requested_reviewer.login') || optString(payload, 'requested_team.name')} to review`);
    case 'labeled':
    case 'unlabeled': {
      const label = optString(payload, 'label.name');
      return say(action === 'labeled' ? `added the \`${label}\` label to` : `removed the \`${label}\` label from`);
    }
    default:
      throw unsupportedEvent(NAME, `pull_request:${action}`);
  }
}

function issues(payload: JsonObject, titleInLink: boolean): WebhookMessage {
  const issue = optObject(payload, 'issue');
  const item = itemOf(issue, 'Issue');
  const who = optString(payload, 'sender.login');
  const action = optString(payload, 'action');
  const say = (did: string, extra = '', body = '') => itemMessage(payload, item, itemEvent(who, did, item, titleInLink, extra, body));
  switch (action) {
    case 'opened': {
      const assignee = optString(issue, 'assignee.login');
      return say('opened', assignee ? ` (assigned to ${assignee})` : '', optString(issue, 'body'));
    }
    case 'closed':
    case 'reopened':
    case 'edited':
      return say(action);
    case 'assigned':
      return say('assigned', ` to ${optString(payload, 'assignee.login')}`);
    case 'unassigned':
      return say(`unassigned ${optString(payload, 'assignee.login')} from`);
    case 'labeled':
    case 'unlabeled': {
      const label = optString(payload, 'label.name');
      return say(action === 'labeled' ? `added the \`${label}\` label to` : `removed the \`${label}\` label from`);
    }
    default:
      throw unsupportedEvent(NAME, `issues:${action}`);
  }
}

function issueComment(payload: JsonObject, titleInLink: boolean): WebhookMessage {
  const issue = optObject(payload, 'issue');
  // GitHub sends comments on pull requests as issue comments; the issue then has a pull_request key.
  const item = itemOf(issue, isObject(dig(issue, 'pull_request')) ? 'PR' : 'Issue');
  const who = optString(payload, 'sender.login');
  const action = optString(payload, 'action');
  const commentUrl = optString(payload, 'comment.html_url');
  const body = optString(payload, 'comment.body');
  const did = {
    created: link('commented', commentUrl),
    edited: `edited a ${link('comment', commentUrl)}`,
    deleted: `deleted a ${link('comment', commentUrl)}`,
  }[action];
  if (!did) throw unsupportedEvent(NAME, `issue_comment:${action}`);
  return itemMessage(payload, item, itemEvent(who, `${did} on`, item, titleInLink, '', body));
}

export const github: Integration = {
  name: 'github',
  // Push payloads carry every commit (up to GitHub's own 25 MB cap); 5 MiB covers real pushes.
  parse: () => ({}),
  handle(_payload, { request }) {
    const { body, headers, query } = request;
    const event = eventHeader(headers, 'X-GitHub-Event');
    const payload = parseJsonObject(body);
    const titleInLink = query.topic !== undefined;
    switch (event) {
      case 'ping':
        return [
          {
            topic: repoName(payload),
            content: `GitHub webhook has been successfully configured by ${optString(payload, 'sender.login')}.`,
          },
        ];
      case 'push':
        return [push(payload)];
      case 'pull_request':
        return [pullRequest(payload, titleInLink)];
      case 'issues':
        return [issues(payload, titleInLink)];
      case 'issue_comment':
        return [issueComment(payload, titleInLink)];
      default:
        throw unsupportedEvent(NAME, event);
    }
  },
};
